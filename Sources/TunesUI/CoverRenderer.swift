// A cover picture made ready for the terminal: decoded to pixels (TurboJPEG or libpng, by the picture's
// first bytes), then handed to libchafa, which picks for each cell the block symbol and the two colours
// that look most like that part of the picture, or writes a sixel, kitty or iTerm2 image sequence.
// Block cells use the 16 ANSI colours the screen's styles speak (Style), so they go through the same
// cell diff as any text and NO_COLOR / TERM=dumb never see them (CoverMode gives none there).
import CChafa
import CPictures

/// Decoded pixels: 8-bit RGBA, row after row.
struct Pixels: Equatable {
  var width: Int
  var height: Int
  var rgba: [UInt8]
}

/// One cell of a cover drawn in symbols.
struct CoverCell: Equatable {
  var text: String
  var foreground: UInt8?
  var background: UInt8?
}

/// A cover sized for the screen: cells (blocks), or the escape sequence of an image protocol that covers
/// `columns` × `rows` cells from the cursor.
struct CoverArt: Equatable {
  var columns: Int
  var rows: Int
  var cells: [CoverCell]
  var sequence: String?
}

enum CoverRenderer {
  /// Pictures larger than this are not decoded (a real cover is well under it).
  static let maxBytes = 16 << 20

  /// JPEG or PNG bytes as pixels; nil for another format or a damaged picture.
  static func decode(_ data: [UInt8]) -> Pixels? {
    guard data.count >= 8, data.count <= maxBytes else { return nil }
    var width: Int32 = 0
    var height: Int32 = 0
    let pixels: UnsafeMutablePointer<UInt8>? = data.withUnsafeBufferPointer { buffer in
      if buffer[0] == 0xFF && buffer[1] == 0xD8 {
        // Decoded at least 128 pixels on its shorter side: more than a terminal's cells can show.
        return tunes_jpeg_decode(buffer.baseAddress, buffer.count, 128, &width, &height)
      }
      if buffer.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
        return tunes_png_decode(buffer.baseAddress, buffer.count, &width, &height)
      }
      return nil
    }
    guard let pixels else { return nil }
    defer { free(pixels) }
    let count = Int(width) * Int(height) * 4
    return Pixels(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: pixels, count: count)))
  }

  /// The largest size in cells, within `columns` × `rows`, that keeps the picture's shape on cells twice
  /// as tall as wide (the whole space when libchafa is missing: nothing is drawn then).
  static func fit(_ pixels: Pixels, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
    var width = Int32(max(1, columns))
    var height = Int32(max(1, rows))
    tunes_chafa()?.pointee.chafa_calc_canvas_geometry(Int32(pixels.width), Int32(pixels.height), &width, &height, 0.5, 1, 0)
    return (max(1, Int(width)), max(1, Int(height)))
  }

  /// The picture drawn in exactly `columns` × `rows` cells, in `mode` (blocks when `mode` is not a
  /// protocol); nil when libchafa cannot be loaded.
  static func render(_ pixels: Pixels, columns: Int, rows: Int, mode: CoverMode) -> CoverArt? {
    guard let chafa = tunes_chafa()?.pointee else { return nil }
    let config = chafa.chafa_canvas_config_new()
    defer { chafa.chafa_canvas_config_unref(config) }
    chafa.chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    let symbols = chafa.chafa_symbol_map_new()
    defer { chafa.chafa_symbol_map_unref(symbols) }
    let pixelMode: Int32
    switch mode {
    case .kitty: pixelMode = Int32(TUNES_CHAFA_PIXEL_MODE_KITTY)
    case .sixel: pixelMode = Int32(TUNES_CHAFA_PIXEL_MODE_SIXELS)
    case .iterm2: pixelMode = Int32(TUNES_CHAFA_PIXEL_MODE_ITERM2)
    default: pixelMode = Int32(TUNES_CHAFA_PIXEL_MODE_SYMBOLS)
    }
    let symbolMode = pixelMode == Int32(TUNES_CHAFA_PIXEL_MODE_SYMBOLS)
    chafa.chafa_canvas_config_set_pixel_mode(config, pixelMode)
    if symbolMode {
      chafa.chafa_symbol_map_add_by_tags(symbols, Int32(TUNES_CHAFA_SYMBOLS_BLOCK_AND_SPACE))
      chafa.chafa_canvas_config_set_symbol_map(config, symbols)
      chafa.chafa_canvas_config_set_canvas_mode(config, Int32(TUNES_CHAFA_CANVAS_MODE_INDEXED_16))
    } else {
      chafa.chafa_canvas_config_set_canvas_mode(config, Int32(TUNES_CHAFA_CANVAS_MODE_TRUECOLOR))
      // The size of a cell in pixels is what the protocols scale to; 10 × 20 is chafa's own guess.
      chafa.chafa_canvas_config_set_cell_geometry(config, 10, 20)
    }
    let canvas = chafa.chafa_canvas_new(config)
    defer { chafa.chafa_canvas_unref(canvas) }
    pixels.rgba.withUnsafeBufferPointer { buffer in
      chafa.chafa_canvas_draw_all_pixels(
        canvas, Int32(TUNES_CHAFA_PIXEL_RGBA8_UNASSOCIATED), buffer.baseAddress, Int32(pixels.width),
        Int32(pixels.height), Int32(pixels.width * 4))
    }
    var art = CoverArt(columns: columns, rows: rows, cells: [], sequence: nil)
    if !symbolMode {
      let info = chafa.chafa_term_db_get_fallback_info(chafa.chafa_term_db_get_default())
      defer { chafa.chafa_term_info_unref(info) }
      if let printed = chafa.chafa_canvas_print(canvas, info), let text = chafa.g_string_free(printed, 0) {
        art.sequence = String(cString: text)
        chafa.g_free(text)
      }
      return art
    }
    art.cells.reserveCapacity(columns * rows)
    for row in 0..<rows {
      for column in 0..<columns {
        let scalar = Unicode.Scalar(chafa.chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))) ?? " "
        var foreground: Int32 = -1
        var background: Int32 = -1
        chafa.chafa_canvas_get_raw_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
        art.cells.append(
          CoverCell(
            text: String(Character(scalar)), foreground: (0..<16).contains(foreground) ? UInt8(foreground) : nil,
            background: (0..<16).contains(background) ? UInt8(background) : nil))
      }
    }
    return art
  }
}
