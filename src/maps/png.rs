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
    // A white ground under everything, so the picture is opaque: its palette has no alpha.
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    encode(pixmap.width(), pixmap.height(), pixmap.data())
}

/// Opaque RGBA pixels as an 8-bit palette PNG with no row filter.
///
/// A board is flat colour: its 256 commonest colours cover about 99 % of the pixels
/// (4,409 colours in all on the standard board, the rest shades along edges and in
/// glyphs), so those make the palette and each other colour takes its nearest. One byte
/// a pixel instead of three, unfiltered (which deflate packs best for flat colour): the
/// standard board at 1.5 is 106 KB, against 197 KB as RGB and 427 KB as tiny-skia's
/// RGBA file, and is written no slower. A picture of 256 colours or fewer comes out
/// exact. The PNG is a courtesy copy; the SVG stays the picture of record.
fn encode(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, String> {
    let (palette, pixels) = quantize(rgba);
    let plte: Vec<u8> = palette.iter().flat_map(|k| [(k >> 16) as u8, (k >> 8) as u8, *k as u8]).collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(plte);
    encoder.set_compression(png::Compression::Default);
    encoder.set_filter(png::FilterType::NoFilter);
    let mut writer = encoder.write_header().map_err(|e| format!("writing the PNG: {e}"))?;
    writer.write_image_data(&pixels).map_err(|e| format!("writing the PNG: {e}"))?;
    writer.finish().map_err(|e| format!("writing the PNG: {e}"))?;
    Ok(out)
}

/// The palette (colours as 0xRRGGBB, commonest first, at most 256) and each pixel's
/// index in it. Runs of one colour are looked up once: a board is mostly runs.
fn quantize(rgba: &[u8]) -> (Vec<u32>, Vec<u8>) {
    use std::collections::HashMap;
    let key = |p: &[u8]| p.iter().take(3).fold(0u32, |k, c| k << 8 | u32::from(*c));
    let mut counts: HashMap<u32, u64> = HashMap::new();
    let mut run: Option<(u32, u64)> = None;
    for p in rgba.chunks_exact(4) {
        let k = key(p);
        run = match run {
            Some((last, n)) if last == k => Some((last, n + 1)),
            Some((last, n)) => {
                *counts.entry(last).or_default() += n;
                Some((k, 1))
            }
            None => Some((k, 1)),
        };
    }
    if let Some((last, n)) = run {
        *counts.entry(last).or_default() += n;
    }
    let mut by_count: Vec<(u32, u64)> = counts.into_iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let palette: Vec<u32> = by_count.iter().take(256).map(|(k, _)| *k).collect();
    let channels = |k: u32| [(k >> 16) as i32, ((k >> 8) & 0xff) as i32, (k & 0xff) as i32];
    let nearest = |k: u32| -> u8 {
        let c = channels(k);
        let distance = |q: &u32| {
            let d = channels(*q);
            (c[0] - d[0]).pow(2) + (c[1] - d[1]).pow(2) + (c[2] - d[2]).pow(2)
        };
        let best = palette.iter().enumerate().min_by_key(|(_, q)| distance(q)).map_or(0, |(i, _)| i);
        u8::try_from(best).unwrap_or(0)
    };
    let index: HashMap<u32, u8> = by_count
        .iter()
        .enumerate()
        .map(|(i, (k, _))| (*k, u8::try_from(i).unwrap_or_else(|_| nearest(*k))))
        .collect();
    let mut pixels = Vec::with_capacity(rgba.len() / 4);
    let mut last: Option<(u32, u8)> = None;
    for p in rgba.chunks_exact(4) {
        let k = key(p);
        let at = match last {
            Some((l, at)) if l == k => at,
            _ => index.get(&k).copied().unwrap_or(0),
        };
        last = Some((k, at));
        pixels.push(at);
    }
    (palette, pixels)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("a PNG");
        let info = reader.info();
        assert_eq!(info.color_type, png::ColorType::Indexed);
        let palette: Vec<[u8; 3]> =
            info.palette.as_ref().expect("a palette").chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
        let (w, h) = (info.width, info.height);
        let mut buf = vec![0; reader.output_buffer_size()];
        reader.next_frame(&mut buf).expect("the pixels");
        let pixels = buf.iter().map(|i| palette.get(usize::from(*i)).copied().unwrap_or([0; 3])).collect();
        (w, h, pixels)
    }

    /// Few colours: every pixel comes back exactly.
    #[test]
    fn a_flat_picture_comes_back_exact() {
        let mut rgba = Vec::new();
        for i in 0..(20 * 10) {
            let c = [[255u8, 255, 255], [192, 57, 43], [30, 132, 73]][i % 3];
            rgba.extend([c[0], c[1], c[2], 255]);
        }
        let (w, h, pixels) = decode(&encode(20, 10, &rgba).unwrap());
        assert_eq!((w, h), (20, 10));
        let back: Vec<u8> = pixels.iter().flat_map(|p| [p[0], p[1], p[2], 255]).collect();
        assert_eq!(back, rgba);
    }

    /// A drawing like a board (flat fills, lines and text, antialiased: more than 256
    /// colours): the pixels come back close to what was drawn.
    #[test]
    fn a_board_like_drawing_comes_back_close() {
        let mut svg = String::from(r##"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">"##);
        let fills = ["#e3d0ec", "#cfe3c1", "#bfe0f5", "#c0392b", "#1e8449", "#f0a64a", "#222222"];
        for i in 0..60 {
            svg.push_str(&format!(
                r##"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#333" stroke-width="1.5"/><line x1="{}" y1="0" x2="400" y2="{}" stroke="{}" stroke-width="2.5"/>"##,
                (i * 37) % 400,
                (i * 53) % 300,
                12 + i % 25,
                fills[i % fills.len()],
                (i * 11) % 400,
                (i * 29) % 300,
                fills[(i + 3) % fills.len()]
            ));
        }
        svg.push_str("</svg>");
        let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).unwrap();
        let mut pixmap = resvg::tiny_skia::Pixmap::new(400, 300).unwrap();
        pixmap.fill(resvg::tiny_skia::Color::WHITE);
        resvg::render(&tree, resvg::tiny_skia::Transform::identity(), &mut pixmap.as_mut());
        let rgba = pixmap.data();
        let colours: std::collections::BTreeSet<[u8; 3]> =
            rgba.chunks_exact(4).map(|p| [p[0], p[1], p[2]]).collect();
        assert!(colours.len() > 256, "the test needs more colours than a palette holds");
        let (_, _, pixels) = decode(&encode(400, 300, rgba).unwrap());
        let errors: Vec<i32> = rgba
            .chunks_exact(4)
            .zip(&pixels)
            .map(|(a, b)| (0..3).map(|c| (i32::from(a[c]) - i32::from(b[c])).abs()).max().unwrap_or(0))
            .collect();
        let exact = errors.iter().filter(|e| **e == 0).count();
        let mean = errors.iter().sum::<i32>() as f64 / errors.len() as f64;
        // Measured: 91 % exact, a mean error under one level, the worst 41 levels (an
        // edge pixel); a real board has fewer edges (99 % of its pixels are exact).
        assert!(exact * 100 >= errors.len() * 85, "{exact} of {} pixels exact", errors.len());
        assert!(mean < 1.5, "mean error {mean:.2} levels");
        assert!(errors.iter().all(|e| *e < 64), "a pixel far from its colour");
    }
}
