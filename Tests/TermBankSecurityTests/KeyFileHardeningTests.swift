import Foundation
import TermBankSecurity
import XCTest

/// The key that seals the authenticator secrets, against other users on the
/// machine: a key others could read is refused with the fix, and a link
/// planted as the key file is never followed.
final class KeyFileHardeningTests: XCTestCase {
    var directory: String!
    var path: String { directory + "/bank.sqlite.key" }

    override func setUp() {
        var template = Array((FileManager.default.temporaryDirectory.path + "/termbank-keyfile.XXXXXX").utf8CString)
        directory = String(cString: mkdtemp(&template)!)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    func testAKeyFileTheGroupOrOthersCanReadIsRefusedWithTheChmodAdvice() throws {
        let sealed = try SecretBoxSealer(keyFilePath: path).seal([1, 2, 3])
        for mode: mode_t in [0o640, 0o604, 0o644] {
            chmod(path, mode)
            XCTAssertThrowsError(try SecretBoxSealer(keyFilePath: path).open(sealed)) {
                XCTAssertEqual($0 as? KeyFileError, .tooOpen(path: path))
                XCTAssertTrue("\($0)".hasSuffix("Run: chmod 600 \(path)"), "\($0)")
            }
        }
    }

    func testASymlinkPlantedAsTheKeyFileIsNotFollowed() throws {
        let elsewhere = directory + "/attacker.key"
        _ = try SecretBoxSealer(keyFilePath: elsewhere).seal([1])   // a key the planter knows
        XCTAssertEqual(symlink(elsewhere, path), 0)
        XCTAssertThrowsError(try SecretBoxSealer(keyFilePath: path).seal([1, 2, 3])) {
            guard case .unreadable(path, _) = $0 as? KeyFileError else { return XCTFail("\($0)") }
        }
    }
}
