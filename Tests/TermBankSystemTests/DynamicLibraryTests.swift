import TermBankSystem
import XCTest

/// `DynamicLibrary` is how every C library TermBank opens on first use is
/// opened (`SQLiteLibrary`, `Sodium`, …): a function found is callable, and
/// what cannot be found is said in words an operator can act on.
final class DynamicLibraryTests: XCTestCase {
    func testAFunctionOfALibraryThatExistsIsCalledThroughItsCType() throws {
        let libc = try DynamicLibrary(soname: "libc.so.6")
        let strlen: @convention(c) (UnsafePointer<CChar>?) -> Int = try libc.function("strlen")
        XCTAssertEqual(strlen("termbank"), 8)
        XCTAssertEqual(libc.soname, "libc.so.6")
    }

    func testASonameThatDoesNotExistIsRefusedInTheLoadersWords() {
        XCTAssertThrowsError(try DynamicLibrary(soname: "libtermbank-absent.so.9")) { error in
            guard case .cannotOpen(let reason) = error as? DynamicLibrary.LoadError else {
                return XCTFail("\(error)")
            }
            // glibc's dlerror: "libtermbank-absent.so.9: cannot open shared object file: No such file or directory".
            XCTAssertTrue(reason.hasPrefix("libtermbank-absent.so.9: cannot open shared object file"), reason)
            XCTAssertEqual("\(error)", reason)
        }
    }

    func testAMissingSymbolIsNamed() throws {
        let libc = try DynamicLibrary(soname: "libc.so.6")
        XCTAssertThrowsError(try libc.symbol("termbank_no_such_function")) { error in
            XCTAssertEqual(error as? DynamicLibrary.LoadError, .missingSymbol(name: "termbank_no_such_function"))
            XCTAssertEqual("\(error)", "termbank_no_such_function is missing")
        }
        XCTAssertThrowsError(try libc.function("termbank_no_such_function") as @convention(c) () -> Void) { error in
            XCTAssertEqual("\(error)", "termbank_no_such_function is missing")
        }
    }
}
