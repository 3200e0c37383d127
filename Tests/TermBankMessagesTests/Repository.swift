import TermBankMessages

/// The repository this test was built from, and its message declarations.
enum Repository {
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/TermBankMessagesTests/Repository.swift
        return parts.joined(separator: "/")
    }()

    static let declarations = MessageDeclarations.read(folders: MessageExport.folders, root: root)
}
