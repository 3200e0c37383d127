import CQREncode

/// A QR code symbol as a square of modules (`true` is dark), without the
/// quiet zone: what libqrencode makes, for a screen to draw (the app uses half
/// blocks, two module rows per text row).
public struct QRMatrix: Equatable, Sendable {
    public let modules: [[Bool]]

    public init(modules: [[Bool]]) { self.modules = modules }

    public var size: Int { modules.count }

    public struct EncodingFailed: Error, CustomStringConvertible {
        public var description: String { "The text is too long for a QR code." }
    }

    /// How much of the symbol may be damaged or misread: L 7%, M 15%.
    public enum ErrorCorrection: Sendable {
        /// The smallest symbol: what a screen uses (a screen does not smudge) to fit 80x24.
        case low
        case medium
    }

    /// The symbol for `text` at error correction level M (15% of the symbol
    /// may be damaged or misread) unless told, in 8-bit mode so any text round-trips.
    public static func encode(_ text: String, level: ErrorCorrection = .medium) throws -> QRMatrix {
        guard let library = QREncodeLibrary.shared else {
            preconditionFailure("libqrencode (\(QREncodeLibrary.soname), Debian package libqrencode4) cannot be loaded: \(QREncodeLibrary.loadError)")
        }
        guard let code = library.encode8bit(text, 0, level == .low ? QR_ECLEVEL_L : QR_ECLEVEL_M) else {
            throw EncodingFailed()
        }
        defer { library.free(code) }
        let width = Int(code.pointee.width)
        let data = code.pointee.data!
        // Bit 0 of each byte is the module's colour; the other bits say what the module is for.
        let modules = (0..<width).map { row in (0..<width).map { column in data[row * width + column] & 1 == 1 } }
        return QRMatrix(modules: modules)
    }

    /// A module at any coordinate: outside the symbol is the (light) quiet zone.
    public func isDark(row: Int, column: Int) -> Bool {
        guard row >= 0, column >= 0, row < size, column < size else { return false }
        return modules[row][column]
    }

    /// A plain PBM (P1) image: `quietZone` light modules around the symbol
    /// (the standard asks for 4), each module `scale` pixels square.
    public func pbm(scale: Int = 8, quietZone: Int = 4) -> String {
        let side = (size + 2 * quietZone) * scale
        var lines = ["P1", "\(side) \(side)"]
        for y in 0..<side {
            let row = y / scale - quietZone
            lines.append((0..<side).map { x in isDark(row: row, column: x / scale - quietZone) ? "1" : "0" }
                .joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text lines drawing the symbol with half blocks (▀ ▄ █), two module rows
    /// per line, with a quiet zone. `inkIsLight`: the terminal draws light
    /// characters on a dark background (most do), so the light modules are
    /// the ones drawn, as `qrencode -t UTF8` does.
    public func halfBlockLines(quietZone: Int = 2, inkIsLight: Bool = true) -> [String] {
        let first = -quietZone
        let last = size + quietZone
        var lines: [String] = []
        var row = first
        while row < last {
            var line = ""
            for column in first..<last {
                let top = isDark(row: row, column: column) != inkIsLight
                let bottom = isDark(row: row + 1, column: column) != inkIsLight
                switch (top, bottom) {
                case (true, true): line.append("█")
                case (true, false): line.append("▀")
                case (false, true): line.append("▄")
                case (false, false): line.append(" ")
                }
            }
            lines.append(line)
            row += 2
        }
        return lines
    }

    /// "libqrencode 4.1.1" (this loads libqrencode).
    public static var libraryVersion: String {
        guard let library = QREncodeLibrary.shared else {
            return "libqrencode MISSING (\(QREncodeLibrary.soname): \(QREncodeLibrary.loadError))"
        }
        var major: Int32 = 0, minor: Int32 = 0, micro: Int32 = 0
        library.version(&major, &minor, &micro)
        return "libqrencode \(major).\(minor).\(micro)"
    }

    /// The library's name, without loading it.
    public static let librarySoname = QREncodeLibrary.soname
}
