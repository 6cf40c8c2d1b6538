//! The outgoing HTTP client, for webhook deliveries and uploads by URL: `http` and `https`
//! (rustls with ring). A server certificate is verified against the system's CA store (honouring
//! `SSL_CERT_FILE`/`SSL_CERT_DIR`) together with the Mozilla roots compiled in, so a container
//! image without a CA bundle still reaches public hosts. A webhook set with a `certificate` trusts
//! that certificate instead (see [`Trust::Custom`]). A fixed `ip_address` replaces DNS while the
//! URL's host still names the server: Host header, SNI and certificate check all use it.

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Full;
use hyper::Uri;
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::dns::{GaiResolver, Name};
use hyper_util::rt::{TokioExecutor, TokioIo};
use tokio::net::TcpStream;

pub use crate::policy::OutboundPolicy;
use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};

pub type HttpClient = Client<HttpsConnector<Guarded>, Full<Bytes>>;

/// Largest webhook certificate accepted (the reference's 3 MiB).
pub const MAX_CERTIFICATE_SIZE: u64 = 3 << 20;

/// Which server certificates a client accepts.
#[derive(Clone, Default)]
pub enum Trust {
    /// Certificates issued by a public CA (system store and the compiled-in Mozilla roots).
    #[default]
    Public,
    /// A webhook's uploaded certificate(s): a server presenting exactly one of them is accepted
    /// as is (the usual self-signed certificate, whatever its names or CA flag, which is what
    /// the platform's setWebhook documentation has operators generate); a server presenting a
    /// certificate issued by one of them is verified normally, names and dates included.
    Custom(Arc<CustomCertificate>),
}

/// Where the connection goes: DNS, or a fixed address (setWebhook's `ip_address`); every
/// address is checked against the [`OutboundPolicy`] before the connector sees it.
#[derive(Clone)]
pub struct Resolver {
    fixed: Option<IpAddr>,
    dns: GaiResolver,
    policy: OutboundPolicy,
}

type Resolving = Pin<Box<dyn Future<Output = Result<std::vec::IntoIter<SocketAddr>, std::io::Error>> + Send>>;

impl tower::Service<Name> for Resolver {
    type Response = std::vec::IntoIter<SocketAddr>;
    type Error = std::io::Error;
    type Future = Resolving;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, name: Name) -> Self::Future {
        let policy = self.policy.clone();
        let host = name.as_str().to_owned();
        let checked = move |addrs: Vec<SocketAddr>| {
            for addr in &addrs {
                policy.check(&host, addr.ip()).map_err(std::io::Error::other)?;
            }
            Ok(addrs.into_iter())
        };
        // Port 0 is replaced by the URL's port by the connector.
        if let Some(ip) = self.fixed.or_else(|| self.policy.fixed(name.as_str())) {
            return Box::pin(std::future::ready(checked(vec![SocketAddr::new(ip, 0)])));
        }
        let resolving = self.dns.call(name);
        Box::pin(async move { checked(resolving.await?.collect()) })
    }
}

/// The TCP connector with the outbound policy applied to URLs whose host is an IP literal (the
/// connector connects to those without asking the resolver).
#[derive(Clone)]
pub struct Guarded {
    inner: HttpConnector<Resolver>,
    policy: OutboundPolicy,
}

type Connecting = Pin<Box<dyn Future<Output = Result<TokioIo<TcpStream>, BoxError>> + Send>>;
type BoxError = Box<dyn std::error::Error + Send + Sync>;

impl tower::Service<Uri> for Guarded {
    type Response = TokioIo<TcpStream>;
    type Error = BoxError;
    type Future = Connecting;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, uri: Uri) -> Self::Future {
        let host = uri.host().unwrap_or_default().trim_matches(['[', ']']);
        if let Ok(ip) = host.parse::<IpAddr>()
            && let Err(refused) = self.policy.check(host, ip)
        {
            return Box::pin(std::future::ready(Err(refused.into())));
        }
        let connecting = self.inner.call(uri);
        Box::pin(async move { connecting.await.map_err(Into::into) })
    }
}

fn provider() -> Arc<CryptoProvider> {
    static PROVIDER: OnceLock<Arc<CryptoProvider>> = OnceLock::new();
    PROVIDER.get_or_init(|| Arc::new(rustls::crypto::ring::default_provider())).clone()
}

/// The public roots, loaded once: the system store plus the compiled-in Mozilla roots.
fn public_roots() -> Arc<RootCertStore> {
    static ROOTS: OnceLock<Arc<RootCertStore>> = OnceLock::new();
    ROOTS
        .get_or_init(|| {
            let mut roots = RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
            let native = rustls_native_certs::load_native_certs();
            let (added, _) = roots.add_parsable_certificates(native.certs);
            tracing::debug!("TLS roots: {} compiled in, {added} from the system store", roots.len() - added);
            Arc::new(roots)
        })
        .clone()
}

/// A client for `trust`, connecting to `fixed_ip` instead of the URL's host when given, and only
/// to addresses `policy` allows.
pub fn client(trust: &Trust, fixed_ip: Option<IpAddr>, policy: &OutboundPolicy) -> HttpClient {
    let resolver = Resolver { fixed: fixed_ip, dns: GaiResolver::new(), policy: policy.clone() };
    let mut http = HttpConnector::new_with_resolver(resolver);
    http.set_connect_timeout(Some(Duration::from_secs(10)));
    http.set_nodelay(true);
    http.enforce_http(false);
    let builder = ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .expect("the ring provider supports the default TLS versions");
    let tls = match trust {
        Trust::Public => builder.with_root_certificates(public_roots()),
        Trust::Custom(custom) => builder.dangerous().with_custom_certificate_verifier(custom.clone()),
    }
    .with_no_client_auth();
    let https = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(tls)
        .https_or_http()
        .enable_http1()
        .wrap_connector(Guarded { inner: http, policy: policy.clone() });
    Client::builder(TokioExecutor::new()).pool_idle_timeout(Duration::from_secs(60)).build(https)
}

/// A request builder for `uri` whose URI carries no userinfo: `user:password@` becomes an
/// `Authorization: Basic` header, and the Host header names the server with its port. So the
/// client, its connection pool and their trace logs never see a password.
pub fn request_to(method: hyper::Method, uri: &Uri) -> Option<hyper::http::request::Builder> {
    let authority = uri.authority()?.as_str();
    let (userinfo, host) = match authority.rsplit_once('@') {
        Some((userinfo, host)) => (Some(userinfo), host),
        None => (None, authority),
    };
    let mut parts = uri.clone().into_parts();
    parts.authority = Some(host.parse().ok()?);
    let target = Uri::from_parts(parts).ok()?;
    let mut request = hyper::Request::builder().method(method).uri(target).header(hyper::header::HOST, host);
    if let Some(userinfo) = userinfo {
        use base64::Engine as _;
        let encoded = base64::engine::general_purpose::STANDARD.encode(userinfo);
        request = request.header(hyper::header::AUTHORIZATION, format!("Basic {encoded}"));
    }
    Some(request)
}

/// An uploaded webhook certificate, ready to verify servers with.
#[derive(Debug)]
pub struct CustomCertificate {
    pinned: Vec<CertificateDer<'static>>,
    issued: Arc<WebPkiServerVerifier>,
    provider: Arc<CryptoProvider>,
}

impl CustomCertificate {
    /// Reads PEM (one or more certificates) or a single DER certificate. The error says why
    /// nothing usable was found.
    pub fn parse(bytes: &[u8]) -> Result<Self, String> {
        let looks_pem = bytes.windows(11).any(|w| w == b"-----BEGIN ");
        let pinned: Vec<CertificateDer<'static>> = if looks_pem {
            CertificateDer::pem_slice_iter(bytes)
                .collect::<Result<_, _>>()
                .map_err(|e| format!("the certificate is not valid PEM: {e}"))?
        } else {
            vec![CertificateDer::from(bytes.to_vec())]
        };
        if pinned.is_empty() {
            return Err("the file holds no CERTIFICATE block".into());
        }
        let mut roots = RootCertStore::empty();
        for cert in &pinned {
            roots.add(cert.clone()).map_err(|e| format!("the certificate can't be used: {e}"))?;
        }
        let provider = provider();
        let issued = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
            .build()
            .map_err(|e| format!("the certificate can't be used: {e}"))?;
        Ok(Self { pinned, issued, provider })
    }
}

impl ServerCertVerifier for CustomCertificate {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        if self.pinned.iter().any(|c| c.as_ref() == end_entity.as_ref()) {
            return Ok(ServerCertVerified::assertion());
        }
        self.issued.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider.signature_verification_algorithms.supported_schemes()
    }
}

/// The reference's wording for a failed request: TLS failures name the TLS error, the rest say
/// whether the connection could be made at all.
pub fn describe(error: &hyper_util::client::legacy::Error) -> String {
    if let Some(tls) = tls_error(error) {
        return format!("Can't create an SSL connection: {tls}");
    }
    if let Some(refused) = refused(error) {
        return format!("Can't connect to the webhook: {refused}");
    }
    if error.is_connect() { "Can't connect to the webhook".into() } else { "Webhook connection closed".into() }
}

/// The outbound policy's refusal behind `error`, if that is why no connection was made.
pub fn refused<'a>(error: &'a (dyn std::error::Error + 'static)) -> Option<&'a crate::policy::Refused> {
    find(error)
}

/// The TLS error behind `error`, looking through sources and the io::Errors that wrap it.
fn tls_error<'a>(error: &'a (dyn std::error::Error + 'static)) -> Option<&'a rustls::Error> {
    find(error)
}

/// The first error of type `E` behind `error`.
fn find<'a, E: std::error::Error + 'static>(mut error: &'a (dyn std::error::Error + 'static)) -> Option<&'a E> {
    loop {
        if let Some(found) = error.downcast_ref::<E>() {
            return Some(found);
        }
        if let Some(inner) = error.downcast_ref::<std::io::Error>().and_then(std::io::Error::get_ref) {
            error = inner;
            continue;
        }
        error = error.source()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn certificates_that_cannot_be_used_say_why() {
        let empty = CustomCertificate::parse(b"").unwrap_err();
        assert!(empty.contains("can't be used"), "{empty}");
        let garbage = CustomCertificate::parse(b"-----BEGIN CERTIFICATE-----\n!!!\n-----END CERTIFICATE-----\n");
        assert!(garbage.unwrap_err().contains("not valid PEM"));
        let key_only = CustomCertificate::parse(b"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
        assert_eq!(key_only.unwrap_err(), "the file holds no CERTIFICATE block");
    }
}
