import CNcursesw
import Glibc
import TermBankApp

extension Painter: KeySource {
    /// Waits in `poll` on the terminal and the wake-up pipe together, so an
    /// effect's result is painted the moment it is ready, not at the next key
    /// or tick. Keys ncurses already holds (the rest of a paste cut at
    /// `limit`, bytes pushed back while decoding a sequence) come first: the
    /// terminal would not show them as readable.
    ///
    /// The first wait makes SIGTERM, SIGHUP and SIGINT the loop's
    /// (`EndSignals`): from then on one of them, or a terminal that has hung
    /// up (POLLHUP, POLLERR), ends the wait with `.ended`, before any key.
    public func waitForInput(timeoutMilliseconds: Int32, limit: Int, wakeDescriptor: Int32) -> Input {
        EndSignals.startTaking()
        if let termination = EndSignals.termination { return .ended(termination) }
        if let resized = takeResize() { return .keys([.resize(resized)]) }
        let waiting = readKeys(timeoutMilliseconds: 0, limit: limit)
        if !waiting.isEmpty { return .keys(waiting) }
        // A paste longer than one read takes is still arriving: read on, and
        // let the loop tick meanwhile.
        if paste.isOpen { return .reading }
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: EndSignals.readEnd, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        // A signal taken while waiting (poll returns EINTR, or finds the pipe readable).
        if let termination = EndSignals.termination { return .ended(termination) }
        // A hung-up terminal (the SSH connection dropped, the window closed)
        // with SIGHUP ignored: every read would fail from now on.
        if ready > 0 && fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .ended(.hangUp) }
        if ready < 0 {
            // A signal: SIGWINCH (ours: `WindowSize`) or another one.
            if let resized = takeResize() { return .keys([.resize(resized)]) }
            let keys = readKeys(timeoutMilliseconds: 0, limit: limit)
            return keys.isEmpty ? (paste.isOpen ? .reading : .woken) : .keys(keys)
        }
        if ready == 0 { return .timedOut }
        if fds[0].revents != 0 {
            // Readable: the bytes are there; the short wait only lets a split
            // multi-byte character or escape sequence complete.
            let keys = readKeys(timeoutMilliseconds: Self.sequenceWaitMilliseconds, limit: limit)
            if !keys.isEmpty { return .keys(keys) }
            if paste.isOpen { return .reading }
            // Readable, and no key came of it: a terminal that hung up, or
            // bytes ncurses read and kept nothing of (a flood of dropped
            // input once ended sessions here, decision 69). What was kept
            // cannot tell them apart; `read`'s own answer does.
            return TerminalProbe.hasHungUp(STDIN_FILENO) ? .ended(.hangUp) : .woken
        }
        return .woken
    }

    /// How long the reader waits for the rest of a sequence it has begun:
    /// a split UTF-8 character or escape sequence.
    static let sequenceWaitMilliseconds: Int32 = 50

    /// How long a paste may fall silent before the reader takes it as ended
    /// without its closing bracket: far longer than the gaps in a paste sent
    /// over a slow link (a paste cut short there would leave its rest to be
    /// read as keys), short enough that a terminal that never ends one costs
    /// half a second, after which keys are keys again.
    static let pasteSilenceMilliseconds: Int32 = 500

    /// Reads from the terminal at most this many times per call, so a flood
    /// (a paste of megabytes, dropped past `FieldLimit.paste`) lets the loop
    /// tick and paint between reads.
    static let readsPerCall = 65_536

    /// One read: a key, a paste bracket, or nil if nothing came within
    /// `timeoutMilliseconds` (negative: forever). A terminal resize arrives
    /// as `.resize` with the new size.
    ///
    /// ncurses gives bytes (and the keys it decoded from escape sequences);
    /// the reader puts characters together itself. ncurses' own assembly
    /// (`wget_wch`) keeps nothing of a character whose first byte went
    /// missing and reads the bytes after it 54 at a time into the same bad
    /// character: one combining mark split between two of the terminal's
    /// writes cost every mark after it (decision 69). Here a byte that starts
    /// no character is one `.unknown` key, dropped by the app, and the next
    /// byte starts afresh.
    func readInput(timeoutMilliseconds: Int32) -> PasteAssembler.Input? {
        guard let window = cursesWindow else { return nil }
        var character: [UInt8] = []
        var length = 0
        var wait = timeoutMilliseconds
        while true {
            wtimeout(window, wait)
            let code = wgetch(window)
            // Nothing more came: a character begun and not finished is dropped.
            if code == ERR { return character.isEmpty ? nil : .key(.unknown) }
            if code > 0xFF {
                // A key ncurses decoded, or a paste bracket; a character cut short by it is lost.
                switch code {
                case Self.pasteStartCode: return .start
                case Self.pasteEndCode: return .end
                default: return .key(functionKey(code))
                }
            }
            let byte = UInt8(truncatingIfNeeded: code)
            if !character.isEmpty {
                guard byte & 0xC0 == 0x80 else {
                    // Not the rest of the character: it is dropped, and this byte is read again next.
                    ungetch(code)
                    return .key(.unknown)
                }
                character.append(byte)
                guard character.count == length else { continue }
                var scalars = String(decoding: character, as: UTF8.self).unicodeScalars.makeIterator()
                // An overlong form or a surrogate decodes to U+FFFD: not what was typed.
                guard let scalar = scalars.next(), scalar != "\u{FFFD}" || character == [0xEF, 0xBF, 0xBD] else {
                    return .key(.unknown)
                }
                return .key(Key(typed: scalar))
            }
            switch byte {
            case 0x00...0x7F: return .key(Key(typed: Unicode.Scalar(byte)))
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return .key(.unknown)   // a continuation byte alone, or no UTF-8 at all
            }
            character = [byte]
            // The rest of a character is already on its way: wait for it a moment.
            wait = Self.sequenceWaitMilliseconds
        }
    }

    /// The keys that have arrived: waits like `readInput` for the first, then
    /// takes whatever else is already waiting, up to `limit`, without waiting.
    /// A paste the terminal did not bracket arrives as thousands of keys at
    /// once; handling them together and drawing once afterwards keeps a huge
    /// paste from costing one frame per key, and the limit keeps the screen
    /// and the clock moving during it. A bracketed paste is one key, gathered
    /// here (`PasteAssembler`): while it is open the reader waits for the rest
    /// of it, up to `pasteSilenceMilliseconds` of silence.
    func readKeys(timeoutMilliseconds: Int32, limit: Int) -> [Key] {
        var keys: [Key] = []
        var reads = 0
        while keys.count < limit && reads < Self.readsPerCall {
            let wait = paste.isOpen ? Self.pasteSilenceMilliseconds : (reads == 0 ? timeoutMilliseconds : 0)
            reads += 1
            guard let input = readInput(timeoutMilliseconds: wait) else {
                guard paste.isOpen else { break }
                keys += paste.take(.silence)
                continue
            }
            keys += paste.take(input)
        }
        return keys
    }

    /// The key codes the painter gives the paste brackets (`define_key`):
    /// past every code ncurses uses.
    static let pasteStartCode = KEY_MAX + 1
    static let pasteEndCode = KEY_MAX + 2

    /// Keys ncurses decoded from escape sequences (keypad mode).
    private func functionKey(_ code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_RESIZE: return .resize(size)
        case KEY_F0 + 1...KEY_F0 + 12: return .function(Int(code - KEY_F0))
        default: return .unknown
        }
    }
}
