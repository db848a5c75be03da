//! A board picture as PNG, for mail clients that show no SVG. resvg draws it with the
//! machine's fonts; the PNG is a courtesy copy and is never committed or verified (the
//! SVG is the picture of record).

use std::sync::OnceLock;

/// The SVG `svg` rasterised at `scale` (1.0 = its own size).
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, String> {
    static FONTS: OnceLock<std::sync::Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        let mut db = resvg::usvg::fontdb::Database::new();
        db.load_system_fonts();
        std::sync::Arc::new(db)
    });
    let options = resvg::usvg::Options { fontdb: fonts.clone(), ..resvg::usvg::Options::default() };
    let tree =
        resvg::usvg::Tree::from_str(svg, &options).map_err(|e| format!("the map is not valid SVG: {e}"))?;
    let size = tree.size().to_int_size().scale_by(scale).ok_or("the map has no size")?;
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the map is too large to draw")?;
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("writing the PNG: {e}"))
}
