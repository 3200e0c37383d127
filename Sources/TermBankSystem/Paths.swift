import Glibc

/// Path text and the process's own places (executable, home, environment),
/// without Foundation's `URL` and `ProcessInfo`.
public enum Paths {
    /// "/a/b/c" → "/a/b"; "c" → "."; "/c" → "/".
    public static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// "/a/b/c" → "c".
    public static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path with symbolic links and "."/".." resolved (`realpath`), or nil if it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// This program's file, from /proc/self/exe.
    public static func executable() -> String {
        resolved("/proc/self/exe") ?? CommandLine.arguments.first ?? "termbank"
    }

    /// $HOME if set, else the account's home folder from the password database, else "/".
    public static func home(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }

    /// This process's environment. A name set twice keeps its first value, as `getenv` reads it.
    public static func environment() -> [String: String] {
        environment(from: environ)
    }

    /// The environment in `entries`, a NULL-ended table of "NAME=value" strings like `environ`.
    package static func environment(from entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var count = 0
        while entries[count] != nil { count += 1 }
        // Sized once, and each name hashed once (walked last to first, so the
        // first value is the one left): every command pays for this at start,
        // and growing the table rehashed every name (decision 92).
        var result = [String: String](minimumCapacity: count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            guard let pointer = entries[index] else { continue }
            // Split at the first "=" on bytes.
            let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                result[String(decoding: bytes[..<equals], as: UTF8.self)] =
                    String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
        }
        return result
    }
}
