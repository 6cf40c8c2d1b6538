//! The outbound address policy: where the server may connect on a client's behalf (webhooks,
//! uploads by URL). Outside local mode only public addresses: never loopback, private, link-local,
//! CGNAT, multicast, unspecified, broadcast, documentation or otherwise reserved ones, in IPv4,
//! IPv6 or IPv4-mapped form. Every address a name resolves to is checked, and the connection goes
//! only to the addresses checked (the connector takes them from the checking resolver: no second
//! resolution, so DNS rebinding has nothing to race). Local mode trusts its clients and allows any
//! address. Not here: TLS trust ([`crate::client`]).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::Arc;

/// Which addresses outbound connections may reach.
#[derive(Debug, Clone, Default)]
pub struct OutboundPolicy {
    /// Local mode: any address.
    pub any_address: bool,
    /// Names resolved to fixed addresses, which count as public when reached through the name.
    /// For tests only (`BOTAPI_TEST_RESOLVE`): a public-looking name on a loopback receiver.
    pub overrides: Arc<Vec<(String, IpAddr)>>,
}

/// Why a connection was not made.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("{host} resolves to {ip}, a reserved address (outside local mode only public addresses are reached)")]
    Reserved { host: String, ip: IpAddr },
}

impl OutboundPolicy {
    /// The override for `host`, if any.
    pub fn fixed(&self, host: &str) -> Option<IpAddr> {
        self.overrides.iter().find(|(name, _)| name.eq_ignore_ascii_case(host)).map(|(_, ip)| *ip)
    }

    /// Checks one address `host` resolved to.
    pub fn check(&self, host: &str, ip: IpAddr) -> Result<(), Refused> {
        if self.any_address || is_public(ip) || self.fixed(host) == Some(ip) {
            Ok(())
        } else {
            Err(Refused::Reserved { host: host.to_owned(), ip })
        }
    }
}

/// The reference's reserved IPv4 blocks (td::IPAddress::is_reserved), which cover private,
/// loopback, link-local, CGNAT, documentation, benchmarking, multicast, reserved and broadcast.
fn is_reserved_v4(ip: Ipv4Addr) -> bool {
    let n = u32::from(ip);
    const BLOCKS: [(u32, u32); 14] = [
        (0x0000_0000, 8),  // 0.0.0.0/8 "this network"
        (0x0A00_0000, 8),  // 10.0.0.0/8
        (0x6440_0000, 10), // 100.64.0.0/10 CGNAT
        (0x7F00_0000, 8),  // 127.0.0.0/8
        (0xA9FE_0000, 16), // 169.254.0.0/16 link-local
        (0xAC10_0000, 12), // 172.16.0.0/12
        (0xC000_0000, 24), // 192.0.0.0/24 protocol assignments
        (0xC000_0200, 24), // 192.0.2.0/24 TEST-NET-1
        (0xC058_6300, 24), // 192.88.99.0/24 6to4 relay
        (0xC0A8_0000, 16), // 192.168.0.0/16
        (0xC612_0000, 15), // 198.18.0.0/15 benchmarking
        (0xC633_6400, 24), // 198.51.100.0/24 TEST-NET-2
        (0xCB00_7100, 24), // 203.0.113.0/24 TEST-NET-3
        (0xE000_0000, 3),  // 224.0.0.0/3 multicast, reserved, broadcast
    ];
    BLOCKS.iter().any(|&(base, bits)| n >> (32 - bits) == base >> (32 - bits))
}

/// Whether `ip` is a public address the server may reach outside local mode.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => !is_reserved_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return !is_reserved_v4(v4);
    }
    let s = ip.segments();
    // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address: judge that one.
    if s[0] == 0x0064 && s[1] == 0xff9b && s[2..6] == [0; 4] {
        return !is_reserved_v4(Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8));
    }
    if s[0] == 0x2002 {
        return !is_reserved_v4(Ipv4Addr::new((s[1] >> 8) as u8, s[1] as u8, (s[2] >> 8) as u8, s[2] as u8));
    }
    // Global unicast is 2000::/3; inside it, documentation (2001:db8::/32), Teredo and the IETF
    // protocol block (2001::/23) and ORCHIDs are not reachable hosts. Everything outside 2000::/3
    // (loopback, unspecified, IPv4-compatible, ULA fc00::/7, link-local fe80::/10, site-local,
    // multicast ff00::/8, discard 100::/64) is reserved.
    let global = s[0] & 0xe000 == 0x2000;
    let documentation = s[0] == 0x2001 && s[1] == 0x0db8;
    let protocol_block = s[0] == 0x2001 && s[1] < 0x0200;
    global && !documentation && !protocol_block
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for reserved in [
            "127.0.0.1",
            "127.255.0.9",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.2.10",
            "198.51.100.1",
            "203.0.113.7",
            "198.18.0.1",
            "::1",
            "::",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::7f00:1",
            "2002:7f00:1::1",
            "2001:db8::1",
            "2001::1",
            "::127.0.0.1",
        ] {
            assert!(!is_public(reserved.parse().unwrap()), "{reserved} counted as public");
        }
        for public in ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"] {
            assert!(is_public(public.parse().unwrap()), "{public} counted as reserved");
        }
    }

    #[test]
    fn overrides_count_only_through_their_name_and_local_mode_allows_all() {
        let loopback: IpAddr = "127.0.0.2".parse().unwrap();
        let policy = OutboundPolicy { any_address: false, overrides: Arc::new(vec![("hook.test".into(), loopback)]) };
        assert!(policy.check("hook.test", loopback).is_ok());
        let refused = policy.check("localhost", loopback).unwrap_err().to_string();
        assert_eq!(
            refused,
            "localhost resolves to 127.0.0.2, a reserved address (outside local mode only public addresses are reached)"
        );
        let local = OutboundPolicy { any_address: true, ..OutboundPolicy::default() };
        assert!(local.check("localhost", loopback).is_ok());
    }
}
