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
            FuzzCheck.require(setting.value.first?.isWhitespace != true && setting.value.last?.isWhitespace != true,
                              "an untrimmed value \(setting.value.debugDescription)")
            if key.isSwitch { FuzzCheck.require(["yes", "no"].contains(setting.value), "a switch set to \(setting.value)") }
        }
        let accepted: Set<String> = ["db", "lang", "demo"]
        let applied = ConfigFile.apply(settings, to: ["app"], accepted: accepted, environment: [:])
        FuzzCheck.require(applied.first == "app", "the command's own arguments moved")
        for argument in applied.dropFirst() where argument.hasPrefix("--") {
            FuzzCheck.require(accepted.contains(String(argument.dropFirst(2))), "\(argument) added to a command that does not take it")
        }
    }
}
