import TermBankCore
import XCTest

/// What every backend's statement pages and balance history must do,
/// written against `BankStore` only: a PostgreSQL backend runs it
/// unchanged with its own factory.
struct StatementHistoryContract {
    let make: MakeContractBackend

    private func id(_ n: Int) -> TransferClientID { TransferClientID(trusted: "history-contract-\(n)") }

    /// alice's opening balances, then `count` moves between her accounts a minute apart.
    private func aliceWithMoves(_ count: Int) throws -> (ContractBackend, UserRecord) {
        let backend = try make()
        let alice = try backend.user("alice")
        for n in 0..<count {
            backend.clock.advance(seconds: 60)
            _ = try backend.bank.transfer(user: alice, from: n % 2 == 0 ? .checking : .savings,
                                          to: n % 2 == 0 ? .savings : .checking, amount: .dollars(Int64(n + 1)),
                                          clientID: id(n), context: .operatorCLI)
        }
        return (backend, alice)
    }

    func pagesWalkTheWholeHistoryNewestFirstAndOldestFirstWithTheSameBalances() throws {
        let (backend, alice) = try aliceWithMoves(7)
        let everything = try backend.store.statementPage(of: alice.id, filter: .all, from: .newest, limit: 100)
        XCTAssertEqual(everything.count, 16, "two openings and two postings per move")
        XCTAssertEqual(everything, try backend.store.statement(of: alice.id, limit: 100))
        XCTAssertEqual(everything.map(\.posting), everything.map(\.posting).sorted(by: >), "newest first")

        var down: [StatementLine] = []
        var cursor = StatementCursor.newest
        while true {
            let page = try backend.store.statementPage(of: alice.id, filter: .all, from: cursor, limit: 5)
            XCTAssertLessThanOrEqual(page.count, 5)
            down += page
            guard let last = page.last, page.count == 5 else { break }
            cursor = .below(last.posting)
        }
        XCTAssertEqual(down, everything, "walking down page by page reads every line once, balances as stored")

        var up: [StatementLine] = []
        cursor = .oldest
        while true {
            let page = try backend.store.statementPage(of: alice.id, filter: .all, from: cursor, limit: 5)
            XCTAssertEqual(page.map(\.posting), page.map(\.posting).sorted(by: >), "every page is newest first")
            up = page + up
            guard let newest = page.first, page.count == 5 else { break }
            cursor = .above(newest.posting)
        }
        XCTAssertEqual(up, everything, "walking up from the oldest reads the same lines")

        let middle = everything[8].posting
        XCTAssertEqual(try backend.store.statementPage(of: alice.id, filter: .all, from: .below(middle), limit: 3),
                       Array(everything[9...11]))
        XCTAssertEqual(try backend.store.statementPage(of: alice.id, filter: .all, from: .above(middle), limit: 3),
                       Array(everything[5...7]), "the three just newer, still newest first")
        XCTAssertEqual(try backend.store.statementPage(of: alice.id, filter: .all, from: .oldest, limit: 2),
                       Array(everything[14...15]))
        XCTAssertEqual(try backend.store.statementPage(of: alice.id, filter: .all, from: .newest, limit: 0), [])
    }

    func anotherCustomersPostingsNeverShow() throws {
        let (backend, alice) = try aliceWithMoves(3)
        let bob = try backend.user("bob")
        for page in [StatementCursor.newest, .oldest, .below(PostingID(1_000_000)), .above(PostingID(0))] {
            let lines = try backend.store.statementPage(of: bob.id, filter: .all, from: page, limit: 50)
            XCTAssertEqual(lines.count, 2, "bob has his two openings only")
            XCTAssertTrue(lines.allSatisfy { $0.kind == .opening })
        }
        XCTAssertEqual(try backend.store.statementPage(of: UserID(999_999), filter: .all, from: .newest, limit: 50), [])
        XCTAssertEqual(try backend.store.statementPage(of: alice.id, filter: .all, from: .newest, limit: 50).count, 8)
    }

    func anAccountFilterAndDatesKeepOnlyTheirPostings() throws {
        let (backend, alice) = try aliceWithMoves(6)
        let everything = try backend.store.statementPage(of: alice.id, filter: .all, from: .newest, limit: 100)
        for kind in AccountKind.allCases {
            let lines = try backend.store.statementPage(of: alice.id, filter: StatementFilter(account: kind), from: .newest,
                                                        limit: 100)
            XCTAssertEqual(lines, everything.filter { $0.account == kind })
            let paged = try backend.store.statementPage(of: alice.id, filter: StatementFilter(account: kind),
                                                        from: .below(lines[2].posting), limit: 2)
            XCTAssertEqual(paged, Array(lines[3...4]))
        }
        // Moves were booked a minute apart: a window of three minutes holds three moves.
        let times = everything.map(\.bookedAt).sorted()
        let from = times[4]
        let until = from.adding(seconds: 180)
        let window = try backend.store.statementPage(of: alice.id, filter: StatementFilter(from: from, until: until),
                                                     from: .newest, limit: 100)
        XCTAssertEqual(window, everything.filter { $0.bookedAt >= from && $0.bookedAt < until })
        XCTAssertEqual(window.count, 6)
    }

    func aSearchFindsATransferItsReversalAndLinesByDescription() throws {
        let (backend, alice) = try aliceWithMoves(4)
        let everything = try backend.store.statementPage(of: alice.id, filter: .all, from: .newest, limit: 100)
        let moved = everything.first { $0.kind == .transfer }!.reference
        backend.clock.advance(seconds: 60)
        let reversal = try backend.bank.reverse(moved, context: .operatorCLI)

        func search(_ text: String) throws -> [StatementLine] {
            let search = StatementSearch(text, describe: { EnglishCoreCatalog().label($0) })
            return try backend.store.statementPage(of: alice.id, filter: StatementFilter(search: search), from: .newest,
                                                   limit: 100)
        }
        let byReference = try search(moved.description.lowercased())
        XCTAssertEqual(Set(byReference.map(\.reference)), [moved, reversal.reference], "the transfer and its reversal")
        XCTAssertEqual(byReference.count, 4)
        XCTAssertEqual(try search("opening").map(\.kind), [.opening, .opening])
        XCTAssertEqual(try search("Transfer to Savings").map(\.lineDescription).count,
                       everything.filter { $0.lineDescription == .transferToSavings }.count)
        XCTAssertTrue(try search("Transfer to Savings").allSatisfy { $0.lineDescription == .transferToSavings })
        XCTAssertEqual(try search("reversal").map(\.kind), [.reversal, .reversal])
        XCTAssertEqual(try search("no such words"), [])

        // A payment: found by the payee's name, by the payer's words, and by "payment".
        let bob = try backend.user("bob")
        backend.clock.advance(seconds: 60)
        _ = try backend.store.book(TransferRequest(clientID: id(500), kind: .payment, from: .customer(alice.id, .checking),
                                                   to: .customer(bob.id, .checking), amount: .dollars(25),
                                                   paymentReference: try PaymentReference.parse("Rent 100%_done")),
                                   at: backend.clock.now(), context: .operatorCLI)
        for text in ["BOB", "rent 100%_", "payment to", "Payment"] {
            let found = try search(text)
            XCTAssertEqual(found.map(\.kind), [.payment], text)
            XCTAssertEqual(found.first?.counterpartyName?.rawValue, "bob")
            XCTAssertEqual(found.first?.paymentReference?.text, "Rent 100%_done")
        }
        XCTAssertEqual(try search("100x"), [], "% and _ are the characters typed, not wildcards")
        XCTAssertEqual(try search("alice"), [], "her own name is on no line of hers")
        let checkingOnly = try backend.store.statementPage(
            of: alice.id, filter: StatementFilter(account: .checking, search: StatementSearch("opening", describe: {
                EnglishCoreCatalog().label($0) })), from: .newest, limit: 100)
        XCTAssertEqual(checkingOnly.map(\.account), [.checking])
    }

    func theBalanceHistoryCountsMoneyInAndOutPerDayAndEndsOnTodaysBalance() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        let day = BalanceHistory.millisecondsPerDay / 1000
        // The openings were booked before the window's first day.
        backend.clock.advance(seconds: 3 * day)
        let firstDay = CalendarDay.startOfDay(backend.clock.now())
        _ = try backend.bank.deposit(to: alice.username, account: .checking, amount: .dollars(100), clientID: id(1),
                                     context: .operatorCLI)
        _ = try backend.bank.transfer(user: alice, from: .checking, to: .savings, amount: .dollars(1_000), clientID: id(2),
                                      context: .operatorCLI)
        backend.clock.advance(seconds: 2 * day)
        _ = try backend.bank.deposit(to: alice.username, account: .savings, amount: .dollars(50), clientID: id(3),
                                     context: .operatorCLI)
        let deposit = try backend.bank.deposit(to: alice.username, account: .checking, amount: .dollars(30), clientID: id(4),
                                               context: .operatorCLI)
        _ = try backend.bank.reverse(deposit.reference, context: .operatorCLI)

        let history = try backend.store.balanceHistory(of: alice.id, firstDay: firstDay, days: 3)
        XCTAssertEqual(history.firstDay, firstDay)
        XCTAssertEqual(history.opening, .dollars(15_000), "the openings, before the first day")
        XCTAssertEqual(history.days, [DailyFlow(moneyIn: .dollars(100), moneyOut: .zero), .none,
                                      DailyFlow(moneyIn: .dollars(80), moneyOut: Money(minorUnits: -3_000))],
                       "a move between her own accounts is neither in nor out")
        XCTAssertEqual(history.closingBalances, [.dollars(15_100), .dollars(15_100), .dollars(15_150)])
        let balances = try backend.store.balances(of: alice.id)
        XCTAssertEqual(history.closingBalances.last, balances.values.reduce(.zero) { $0.adding($1)! })

        let bob = try backend.store.balanceHistory(of: try backend.user("bob").id, firstDay: firstDay, days: 3)
        XCTAssertEqual(bob.days, [.none, .none, .none])
        XCTAssertEqual(bob.opening, .dollars(15_000))
        XCTAssertEqual(try backend.store.checkInvariants().problems, [])
    }
}

extension StatementHistoryContract {
    func manyBookingsAtOnceAreAllBookedOrNoneAtTheirOwnTimes() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        let start = backend.clock.now()
        let moves = (0..<4).map { n in
            (request: TransferRequest(clientID: id(100 + n), kind: .transfer, from: .customer(alice.id, .checking),
                                      to: .customer(alice.id, .savings), amount: .dollars(10)),
             at: start.adding(seconds: Int64(n) * 3600))
        }
        let receipts = try backend.store.book(all: moves, context: .operatorCLI)
        XCTAssertEqual(receipts.map(\.fromBalanceAfter), [.dollars(4_990), .dollars(4_980), .dollars(4_970), .dollars(4_960)])
        XCTAssertEqual(receipts.map(\.bookedAt), moves.map(\.at))
        let lines = try backend.store.statementPage(of: alice.id, filter: StatementFilter(account: .checking), from: .newest,
                                                    limit: 4)
        XCTAssertEqual(lines.map(\.bookedAt), moves.map(\.at).reversed())

        let tooMuch = [(request: TransferRequest(clientID: id(200), kind: .transfer, from: .customer(alice.id, .checking),
                                                 to: .customer(alice.id, .savings), amount: .dollars(1)), at: start),
                       (request: TransferRequest(clientID: id(201), kind: .transfer, from: .customer(alice.id, .checking),
                                                 to: .customer(alice.id, .savings), amount: .dollars(1_000_000)), at: start)]
        XCTAssertThrowsError(try backend.store.book(all: tooMuch, context: .operatorCLI)) {
            XCTAssertEqual($0 as? LedgerError, .insufficientFunds(.checking))
        }
        XCTAssertEqual(try backend.store.balances(of: alice.id)[.checking], .dollars(4_960), "the first of them was not kept")
        XCTAssertEqual(try backend.store.checkInvariants().problems, [])
    }
}
