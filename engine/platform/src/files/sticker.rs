//! What a sticker file is, read from its first bytes as the platform reads an upload for
//! `sendSticker`: a static sticker (WEBP), an animated one (TGS: gzipped Lottie JSON) or a video
//! one (WEBM). Anything else is not a sticker (the public platform sends it as a document).

use std::io::Read;
use std::path::Path;

/// The side the platform gives animated and video stickers.
const SIDE: i64 = 512;

/// A sticker file's format and size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Format {
    pub width: i64,
    pub height: i64,
    pub animated: bool,
    pub video: bool,
    /// The extension its copy in the bot's directory gets.
    pub extension: &'static str,
}

impl Format {
    /// The sticker the file at `path` is, or `None` when it is none; `png`: a static PNG counts
    /// too (sticker sets take them; `sendSticker` does not).
    pub fn of(path: &Path, png: bool) -> Option<Self> {
        let mut head = [0u8; 16];
        let read = std::fs::File::open(path).and_then(|mut f| f.read(&mut head)).ok()?;
        let head = &head[..read];
        let is_png = png && head.starts_with(b"\x89PNG\r\n\x1a\n");
        if head.len() >= 12 && &head[..4] == b"RIFF" && &head[8..12] == b"WEBP" || is_png {
            let reader = image::ImageReader::open(path).and_then(|r| r.with_guessed_format()).ok()?;
            let (w, h) = reader.into_dimensions().ok()?;
            let (width, height) = (i64::from(w), i64::from(h));
            return (width > 0 && height > 0).then_some(Self {
                width,
                height,
                animated: false,
                video: false,
                extension: if is_png { "png" } else { "webp" },
            });
        }
        if head.starts_with(&[0x1f, 0x8b]) {
            // Lottie JSON inside: an object.
            let mut first = [0u8; 1];
            let file = std::fs::File::open(path).ok()?;
            flate2::read::GzDecoder::new(file).read_exact(&mut first).ok()?;
            return (first[0] == b'{').then_some(Self {
                width: SIDE,
                height: SIDE,
                animated: true,
                video: false,
                extension: "tgs",
            });
        }
        if head.starts_with(&[0x1a, 0x45, 0xdf, 0xa3]) {
            return Some(Self { width: SIDE, height: SIDE, animated: false, video: true, extension: "webm" });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(bytes: &[u8]) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        std::io::Write::write_all(&mut file, bytes).unwrap();
        file
    }

    #[test]
    fn formats_are_told_apart_by_their_first_bytes() {
        let mut webp = Vec::new();
        image::RgbaImage::new(1024, 256)
            .write_to(&mut std::io::Cursor::new(&mut webp), image::ImageFormat::WebP)
            .unwrap();
        let f = Format::of(written(&webp).path(), false).unwrap();
        assert_eq!((f.width, f.height, f.animated, f.video), (1024, 256, false, false), "its own size");
        let mut png = Vec::new();
        image::RgbaImage::new(8, 8).write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
        assert!(Format::of(written(&png).path(), false).is_none(), "sendSticker takes no PNG");
        assert_eq!(Format::of(written(&png).path(), true).map(|f| f.extension), Some("png"), "a set does");
        let mut tgs = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut tgs, br#"{"v":"5.5.2","fr":60}"#).unwrap();
        let f = Format::of(written(&tgs.finish().unwrap()).path(), false).unwrap();
        assert!(f.animated && !f.video && f.extension == "tgs");
        let f = Format::of(written(&[0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]).path(), false).unwrap();
        assert!(f.video && !f.animated);
        assert!(Format::of(written(b"just some text").path(), false).is_none());
        assert!(Format::of(written(b"RIFF\0\0\0\0WEBPbroken").path(), false).is_none());
    }
}
