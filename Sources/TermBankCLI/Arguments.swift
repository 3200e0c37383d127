/// A hand-written argument reader: `--name value`, `--name=value`, boolean
/// `--flag`, positionals, and `--` to end options. Each command declares the
/// options it takes, so a typo is a usage error rather than silently ignored.
package struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// `valued`: options that take a value; `boolean`: options that do not.
    init(_ raw: [String], valued: Set<String>, boolean: Set<String>) throws {
        var index = 0
        var optionsEnded = false
        while index < raw.count {
            let argument = raw[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                if !optionsEnded, argument.hasPrefix("-"), argument.count > 1, Int(argument) == nil {
                    throw CommandFailure.usage("unknown option \(Console.quoted(argument))")
                }
                positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            // By scalar: a value starting with a combining mark would join "=" into another Character.
            let scalars = name.unicodeScalars
            if let equals = scalars.firstIndex(of: "=") {
                inlineValue = String(scalars[scalars.index(after: equals)...])
                name = String(scalars[..<equals])
            }
            if valued.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < raw.count else { throw CommandFailure.usage("--\(name) needs a value") }
                    values[name] = raw[index]
                    index += 1
                }
            } else if boolean.contains(name) {
                guard inlineValue == nil else { throw CommandFailure.usage("--\(name) takes no value") }
                flags.insert(name)
            } else {
                throw CommandFailure.usage("unknown option \(Console.quoted("--" + name))")
            }
        }
    }

    package func value(_ name: String) -> String? { values[name] }

    package func flag(_ name: String) -> Bool { flags.contains(name) }

    package func positiveInt(_ name: String, default fallback: Int, max: Int = 1_000_000_000) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let number = Int(text), number > 0, number <= max else {
            throw CommandFailure.usage("--\(name) needs a whole number from 1 to \(max)")
        }
        return number
    }

    package func expectPositionals(_ names: [String]) throws -> [String] {
        if positionals.count < names.count {
            throw CommandFailure.usage("missing \(names[positionals.count])")
        }
        if positionals.count > names.count {
            throw CommandFailure.usage("unexpected argument \(Console.quoted(positionals[names.count]))")
        }
        return positionals
    }
}
