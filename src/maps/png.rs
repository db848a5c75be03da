//! A board picture as PNG, for mail clients that show no SVG. resvg draws it with the
//! machine's fonts; the PNG is a courtesy copy and is never committed or verified (the
//! SVG is the picture of record).

use std::sync::OnceLock;

/// The SVG `svg` rasterised at `scale` (1.0 = its own size).
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, String> {
    static FONTS: OnceLock<std::sync::Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| std::sync::Arc::new(fonts()));
    let options = resvg::usvg::Options { fontdb: fonts.clone(), ..resvg::usvg::Options::default() };
    let tree =
        resvg::usvg::Tree::from_str(svg, &options).map_err(|e| format!("the map is not valid SVG: {e}"))?;
    let size = tree.size().to_int_size().scale_by(scale).ok_or("the map has no size")?;
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the map is too large to draw")?;
    // A white ground under everything, so the picture is opaque and goes out as RGB.
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    encode(pixmap.width(), pixmap.height(), pixmap.data())
}

/// RGBA (opaque) pixels as an RGB PNG with no row filter. A board is flat colour, which
/// deflate packs best as it is: the standard board at 1.5 is 197 KB (252 KB with the
/// encoder's default filter, 427 KB as tiny-skia's RGBA file) and is written faster.
/// Harder compression (190 KB) costs more time than every report mail saves.
fn encode(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, String> {
    let rgb: Vec<u8> = rgba.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Default);
    encoder.set_filter(png::FilterType::NoFilter);
    let mut writer = encoder.write_header().map_err(|e| format!("writing the PNG: {e}"))?;
    writer.write_image_data(&rgb).map_err(|e| format!("writing the PNG: {e}"))?;
    writer.finish().map_err(|e| format!("writing the PNG: {e}"))?;
    Ok(out)
}

/// The fonts the board pictures name (DejaVu Sans, as `crate::maps::draw` asks), held
/// in memory. A database of the machine's font files as files would read a font file
/// again for every glyph it draws, which made drawing a board cost tens of
/// milliseconds; without DejaVu Sans, the machine's fonts are used as they are.
fn fonts() -> resvg::usvg::fontdb::Database {
    use resvg::usvg::fontdb::{Database, Source};
    let mut system = Database::new();
    system.load_system_fonts();
    let mut paths: Vec<std::path::PathBuf> = system
        .faces()
        .filter(|f| f.families.iter().any(|(name, _)| name == "DejaVu Sans"))
        .filter_map(|f| match &f.source {
            Source::File(path) => Some(path.clone()),
            _ => None,
        })
        .collect();
    paths.sort();
    paths.dedup();
    let mut db = Database::new();
    for path in &paths {
        if let Ok(bytes) = std::fs::read(path) {
            db.load_font_data(bytes);
        }
    }
    if db.is_empty() {
        return system;
    }
    db.set_sans_serif_family("DejaVu Sans");
    db
}
