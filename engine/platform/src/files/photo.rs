//! Photos: real dimensions and downscaled `PhotoSize` variants, as the platform makes them
//! (longest side 90, 320, 800 and 1280 px, JPEG), plus the original as the largest size.

use std::path::Path;

use image::{GenericImageView, ImageReader};
use msg_core::ApiError;

/// The longest sides of the generated sizes.
const SIDES: [u32; 4] = [90, 320, 800, 1280];

/// One size of a photo: `bytes` is `None` for the original.
pub struct Size {
    pub width: u32,
    pub height: u32,
    pub bytes: Option<Vec<u8>>,
}

/// The platform's dimension rule: width + height at most 10000, ratio at most 20.
fn check_dimensions(width: u32, height: u32) -> Result<(), ApiError> {
    let (long, short) = (width.max(height), width.min(height).max(1));
    if width == 0 || height == 0 || width + height > 10_000 || long / short > 20 {
        return Err(ApiError::bad_request("PHOTO_INVALID_DIMENSIONS"));
    }
    Ok(())
}

fn unreadable(e: impl std::fmt::Display) -> ApiError {
    tracing::debug!("photo not processed: {e}");
    ApiError::bad_request("IMAGE_PROCESS_FAILED")
}

/// Width and height of an image file, without decoding it.
pub fn dimensions(path: &Path) -> Result<(u32, u32), ApiError> {
    ImageReader::open(path)
        .map_err(unreadable)?
        .with_guessed_format()
        .map_err(unreadable)?
        .into_dimensions()
        .map_err(unreadable)
}

/// The sizes of a photo, smallest first, the original last. Blocking: run off the runtime.
pub fn sizes(path: &Path) -> Result<Vec<Size>, ApiError> {
    let (width, height) = dimensions(path)?;
    check_dimensions(width, height)?;
    let image = ImageReader::open(path)
        .map_err(unreadable)?
        .with_guessed_format()
        .map_err(unreadable)?
        .decode()
        .map_err(unreadable)?;
    let mut sizes = Vec::new();
    for side in SIDES.into_iter().filter(|side| *side < width.max(height)) {
        let small = image.thumbnail(side, side);
        let (w, h) = small.dimensions();
        let mut bytes = Vec::new();
        small
            .into_rgb8()
            .write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Jpeg)
            .map_err(unreadable)?;
        sizes.push(Size { width: w, height: h, bytes: Some(bytes) });
    }
    sizes.push(Size { width, height, bytes: None });
    Ok(sizes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photos_get_downscaled_sizes_and_keep_the_original() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.png");
        image::RgbImage::from_fn(1000, 500, |x, y| image::Rgb([x as u8, y as u8, 7])).save(&path).unwrap();
        let sizes = sizes(&path).unwrap();
        let dims: Vec<_> = sizes.iter().map(|s| (s.width, s.height)).collect();
        assert_eq!(dims, vec![(90, 45), (320, 160), (800, 400), (1000, 500)]);
        assert!(sizes.last().unwrap().bytes.is_none());
        let jpeg = sizes[1].bytes.as_ref().unwrap();
        assert_eq!(image::guess_format(jpeg).unwrap(), image::ImageFormat::Jpeg);
    }

    #[test]
    fn bad_photos_get_the_platform_errors() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.jpg");
        std::fs::write(&path, b"not an image at all").unwrap();
        assert_eq!(sizes(&path).err().unwrap().description, "Bad Request: IMAGE_PROCESS_FAILED");
        image::RgbImage::new(2100, 100).save(dir.path().join("wide.png")).unwrap();
        let err = sizes(&dir.path().join("wide.png")).err().unwrap();
        assert_eq!(err.description, "Bad Request: PHOTO_INVALID_DIMENSIONS");
    }
}
