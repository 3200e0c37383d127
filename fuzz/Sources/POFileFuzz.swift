@testable import TermBankMessages

/// A PO file as it comes back from an outside translator (decision 96): any bytes either are refused with a
/// line number (ill-formed UTF-8 too) or read as a file that, written and read again, is the same file; the
/// same file with CRLF line ends reads the same; and any entries the export could write (any text in context,
/// English, translation and plural forms, one-line comments) read back as written.
enum POFileFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        if input.below(2) == 0 { read(input.restBytes()) } else { roundTrip(&input) }
    }

    private static func withoutLines(_ file: POFile) -> POFile {
        var file = file
        for index in file.entries.indices { file.entries[index].line = 0 }
        return file
    }

    private static func read(_ bytes: [UInt8]) {
        let file: POFile
        do {
            file = try POFile(parsing: bytes)
        } catch {
            FuzzCheck.require(error.line >= 1 && error.line <= bytes.count(where: { $0 == 0x0A }) + 1, "\(error) in a shorter file")
            return
        }
        // Read as text, a bad byte would be U+FFFD: the import would write that into a catalog.
        FuzzCheck.require(String(validating: bytes, as: UTF8.self) != nil, "ill-formed UTF-8 read as \(file)")
        if !bytes.contains(0x0D) {
            let crlf = bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
            let again = try? POFile(parsing: crlf)
            FuzzCheck.require(again.map(withoutLines) == withoutLines(file), "with CRLF line ends it reads \(String(describing: again))")
        }
        let written = file.text
        do {
            let again = try POFile(parsing: written)
            FuzzCheck.require(withoutLines(again) == withoutLines(file), "written and read again: \(written.debugDescription)")
        } catch {
            FuzzCheck.require(false, "what it wrote does not read: \(error) in \(written.debugDescription)")
        }
    }

    private static func roundTrip(_ input: inout FuzzBytes) {
        func comment(_ input: inout FuzzBytes) -> String {
            // A comment is one line as the format has it, and its leading spaces are the marker's.
            String(input.text(upTo: 16).unicodeScalars.filter { $0 != "\n" && $0 != "\r" }.drop { $0 == " " || $0 == "\t" })
        }
        var entries: [POFile.Entry] = []
        for _ in 0..<(1 + input.below(3)) {
            let hasContext = input.below(2) == 0
            var entry = POFile.Entry(context: hasContext ? input.text(upTo: 24) : nil, id: input.text(upTo: 24), text: input.text(upTo: 24))
            if input.below(2) == 0 { entry.translatorComments = [comment(&input)] }
            if input.below(2) == 0 { entry.extractedComments = [comment(&input)] }
            if input.below(2) == 0 { entry.references = [comment(&input)] }
            if input.below(4) == 0 {
                entry.idPlural = input.text(upTo: 24)
                entry.plurals = (0..<(1 + input.below(4))).map { _ in input.text(upTo: 16) }
                entry.text = entry.plurals[0]
            }
            // The header's place: an entry with an empty English and no context is the header.
            if entry.id.isEmpty && entry.context == nil { entry.context = "" }
            entries.append(entry)
        }
        let file = POFile(header: [("Language", "uk"), ("Plural-Forms", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : 1);")],
                          entries: entries)
        do {
            let read = try POFile(parsing: file.text)
            FuzzCheck.require(withoutLines(read) == file, "\(file.text.debugDescription) read back as \(read)")
        } catch {
            FuzzCheck.require(false, "what it wrote does not read: \(error) in \(file.text.debugDescription)")
        }
    }
}
