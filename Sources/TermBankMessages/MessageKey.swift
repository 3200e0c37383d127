/// A message value's stable key, read from the value by reflection, so that
/// no key is written by hand: its case's name, then the choices among its
/// arguments that change the words (a nested enum's case, a `Bool`, a value
/// left out), in order. Data (text, numbers, amounts, times) is not part of
/// the key: it becomes a placeholder.
enum MessageKey {
    static func parts(of value: Any) -> [String] {
        guard Mirror(reflecting: value).displayStyle == .enum else { return [] }
        return choices(in: value, label: nil)
    }

    private static func choices(in value: Any, label: String?) -> [String] {
        let mirror = Mirror(reflecting: value)
        let prefix = label.map { $0 + "=" } ?? ""
        switch mirror.displayStyle {
        case .enum:
            // The case's name even when the type describes itself in words
            // (CustomStringConvertible): what `print` uses for an enum.
            let name = caseName(value)
            return [name] + mirror.children.flatMap { choices(in: $0.value, label: nil) }
        case .tuple:
            return mirror.children.flatMap { choices(in: $0.value, label: $0.label.flatMap { $0.first == "." ? nil : $0 }) }
        case .optional:
            guard let some = mirror.children.first else { return [prefix + "none"] }
            return choices(in: some.value, label: label)
        default:
            if let bool = value as? Bool { return [prefix + String(bool)] }
            return []
        }
    }

    private static func caseName(_ value: Any) -> String {
        guard let name = enumCaseName(value) else { return "?" }
        return String(cString: name)
    }
}

/// The Swift runtime's name of an enum value's case (the standard library's
/// `print` reads it the same way; there is no public API for it).
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
