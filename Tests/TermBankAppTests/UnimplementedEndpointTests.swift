@testable import TermBankApp
import TermBankCore
import XCTest

/// Every endpoint is written once, with a default that refuses and names
/// itself (docs/decisions/0085): a scripted bank sets only what its test drives.
final class UnimplementedEndpointTests: XCTestCase {
    func testAnEndpointNobodySetIsRefusedOnScreenAndNamedToTheLog() {
        let client = BankingClient(now: { Fixture.start })
        let heard = Recorded()
        let reply = EffectRunner.run(.banking(.loadPaymentAllowance), client: client, failed: { heard.errors.append("\($0)") })
        XCTAssertEqual(reply, .banking(.allowanceLoaded(.failure(.session(.bankDoesNotOfferThat)))))
        XCTAssertEqual(heard.errors, ["signedIn.paymentAllowance is not provided by this bank client"])
    }

    func testEachPhasesEndpointsNameTheirPhase() {
        let client = BankingClient(now: { Fixture.start })
        XCTAssertEqual(name { try client.signingIn.openSession() }, "signingIn.openSession")
        XCTAssertEqual(name { try client.settings.changePhone(PhoneNumber(trusted: "+15550100"), Secret("p"), Secret("1"), Secret("2")) },
                       "settings.changePhone")
        XCTAssertEqual(name { try client.signOut(.signedOut) }, "signOut")
        // Outside demo mode there is no demo client at all: its effects are refused the same way.
        XCTAssertNil(client.demo)
        XCTAssertEqual(EffectRunner.run(.demo(.loadPhone), client: client),
                       .demo(.phoneLoaded(.failure(.session(.bankDoesNotOfferThat)))))
    }

    private final class Recorded {
        var errors: [String] = []
    }

    private func name(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
        } catch let missing as BankingClient.Unimplemented {
            return missing.endpoint
        } catch {}
        return nil
    }
}
