import Glibc

// One fuzzing binary for every target (one link instead of eight): the target
// is named by TERMBANK_FUZZ_TARGET, and `scripts/fuzz` gives each its own corpus.
//
// SwiftPM links an executable's `main` under another name and points `main`
// at it, so libFuzzer's own `main` is not the one that runs: this one hands
// libFuzzer the command line through LLVMFuzzerRunDriver. The exported
// LLVMFuzzerTestOneInput below is what libFuzzer's archive refers to.

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data!, count: size))
    FuzzTargets.selected.run(bytes)
    return 0
}

guard getenv("TERMBANK_FUZZ_TARGET") != nil, FuzzTargets.named(String(cString: getenv("TERMBANK_FUZZ_TARGET"))) != nil else {
    print("Set TERMBANK_FUZZ_TARGET to one of: \(FuzzTargets.all.map(\.name).joined(separator: " "))")
    exit(2)
}
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
