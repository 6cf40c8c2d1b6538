//! The content store in an S3-compatible object store (`--files s3://bucket/prefix`), for
//! several servers that serve one deployment: content is uploaded whole, under its BLAKE3 hash,
//! before any file id names it, and a server that lacks it locally fetches it whole into its own
//! content store (the local directory is the cache), then serves it as before (streamed, Range
//! kept). The endpoint, region and credentials come from the usual `AWS_*` variables
//! (`AWS_ENDPOINT_URL`, `AWS_REGION`, `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`,
//! `AWS_ALLOW_HTTP`), read by `object_store` and never logged.

use std::path::Path;
use std::sync::Arc;

use futures_util::StreamExt;
use msg_core::ApiError;
use object_store::ObjectStore;
use object_store::ObjectStoreExt;
use object_store::path::Path as ObjectPath;
use tokio::io::AsyncWriteExt;

/// An object store holding the platform's content.
pub struct Remote {
    store: Arc<dyn ObjectStore>,
    prefix: String,
    /// `s3://bucket/prefix`, for messages (no credentials: they are never in the URL).
    label: String,
}

impl std::fmt::Debug for Remote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Remote").field("url", &self.label).finish_non_exhaustive()
    }
}

impl Remote {
    /// The store `url` names (`s3://bucket` or `s3://bucket/prefix`), configured from the
    /// environment's `AWS_*` variables.
    pub fn open(url: &str) -> Result<Self, String> {
        let rest = url.strip_prefix("s3://").ok_or_else(|| format!("{url} is not an s3:// URL"))?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() {
            return Err(format!("{url} names no bucket"));
        }
        // TLS for an https endpoint goes through rustls with the provider the server uses.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = object_store::aws::AmazonS3Builder::from_env().with_bucket_name(bucket);
        if std::env::var_os("AWS_REGION").is_none() && std::env::var_os("AWS_DEFAULT_REGION").is_none() {
            builder = builder.with_region("us-east-1");
        }
        let store = builder.build().map_err(|e| format!("{url}: {e}"))?;
        Ok(Self { store: Arc::new(store), prefix: prefix.trim_matches('/').to_owned(), label: url.to_owned() })
    }

    fn path(&self, hex: &str) -> ObjectPath {
        if self.prefix.is_empty() { ObjectPath::from(hex) } else { ObjectPath::from(format!("{}/{hex}", self.prefix)) }
    }

    fn failed(&self, what: &str, e: impl std::fmt::Display) -> ApiError {
        tracing::error!("object store {}: {what}: {e}", self.label);
        ApiError::internal("failed to store the file")
    }

    /// Uploads the content at `file` (whole) under `hex`, unless it is there already.
    pub async fn put(&self, hex: &str, file: &Path) -> Result<(), ApiError> {
        let path = self.path(hex);
        match self.store.head(&path).await {
            Ok(_) => return Ok(()),
            Err(object_store::Error::NotFound { .. }) => {}
            Err(e) => return Err(self.failed("looking for content", e)),
        }
        let mut source = tokio::fs::File::open(file).await.map_err(|e| self.failed("reading content", e))?;
        // Uploaded in parts as it is read (a 2000 MB file never sits in memory), and visible
        // under its name only once whole.
        let mut upload = object_store::buffered::BufWriter::new(self.store.clone(), path);
        tokio::io::copy(&mut source, &mut upload).await.map_err(|e| self.failed("uploading content", e))?;
        upload.shutdown().await.map_err(|e| self.failed("uploading content", e))
    }

    /// Downloads content `hex` into `into` (written beside it, then renamed): `false` when the
    /// store does not have it.
    pub async fn fetch(&self, hex: &str, into: &Path) -> Result<bool, ApiError> {
        let got = match self.store.get(&self.path(hex)).await {
            Ok(got) => got,
            Err(object_store::Error::NotFound { .. }) => return Ok(false),
            Err(e) => return Err(self.failed("fetching content", e)),
        };
        if let Some(parent) = into.parent() {
            tokio::fs::create_dir_all(parent).await.map_err(|e| self.failed("making the content store", e))?;
        }
        let partial = into.with_extension(format!("part-{:08x}", rand::random::<u32>()));
        let write = async {
            let mut file = tokio::fs::File::create(&partial).await?;
            let mut chunks = got.into_stream();
            while let Some(chunk) = chunks.next().await {
                file.write_all(&chunk.map_err(std::io::Error::other)?).await?;
            }
            file.sync_all().await?;
            tokio::fs::rename(&partial, into).await
        };
        if let Err(e) = write.await {
            let _ = tokio::fs::remove_file(&partial).await;
            return Err(self.failed("fetching content", e));
        }
        Ok(true)
    }
}
