@testable import TermBankCLI

/// /etc/termbank/termbank.conf's text (decision 106): refused with the
/// file's name and a line number, or settings each of a known key, with a
/// value that is one trimmed, non-empty line, no key twice, a switch only
/// yes or no; and the settings applied to a command line add only the
/// options the command accepts, each as `--option` (and its value).
enum ConfigFileFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let text = input.rest()
        let settings: [ConfigFile.Setting]
        do {
            settings = try ConfigFile.parse(text, path: "/etc/termbank/termbank.conf")
        } catch {
            return
        }
        var seen: Set<String> = []
        for setting in settings {
            guard let key = ConfigFile.keys.first(where: { $0.name == setting.key }) else {
                return FuzzCheck.require(false, "an unknown key kept: \(setting.key.debugDescription)")
            }
            FuzzCheck.require(seen.insert(setting.key).inserted, "\(setting.key) kept twice")
            FuzzCheck.require(!setting.value.isEmpty && !setting.value.contains("\n"), "a value of \(setting.value.debugDescription)")
            let blank: Set<Character> = [" ", "\t", "\r"]
            FuzzCheck.require(!blank.contains(setting.value.first!) && !blank.contains(setting.value.last!),
                              "an untrimmed value \(setting.value.debugDescription)")
            if key.isSwitch { FuzzCheck.require(["yes", "no"].contains(setting.value), "a switch set to \(setting.value)") }
        }
        let accepted: Set<String> = ["db", "lang", "demo"]
        let applied = ConfigFile.apply(settings, to: ["app", "--", "tail"], accepted: accepted, environment: [:])
        FuzzCheck.require(applied.first == "app" && applied.suffix(2) == ["--", "tail"], "the command's own arguments moved")
        for argument in applied.dropFirst().dropLast(2) {
            // The command line reads it back: the option, and the value whole.
            FuzzCheck.require((try? Arguments([argument], valued: accepted.subtracting(["demo"]), boolean: ["demo"])) != nil,
                              "\(argument.debugDescription) does not read back")
            let option = String(argument.unicodeScalars.dropFirst(2))
            let name = option.unicodeScalars.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            FuzzCheck.require(argument.hasPrefix("--") && accepted.contains(String(name)),
                              "\(argument) added to a command that does not take it")
        }
    }
}
