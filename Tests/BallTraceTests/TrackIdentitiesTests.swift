import Foundation
import Testing
@testable import BallTrace

/// New chains get their UUIDs from a seeded generator (reading the system's random device for
/// each of hundreds of chains a frame cost more than following them); they must still be what
/// a user's tools expect of a UUID.
@Suite struct TrackIdentitiesTests {
    @Test func identitiesAreRandomVersion4UUIDsWithTheStandardVariant() {
        var identities = TrackIdentities()
        for _ in 0..<1000 {
            let bytes = identities.next().uuid
            #expect(bytes.6 >> 4 == 4)
            #expect(bytes.8 >> 6 == 0b10)
        }
    }

    @Test func identitiesDoNotRepeatWithinATrackerOrAcrossTrackers() {
        var first = TrackIdentities(), second = TrackIdentities()
        var seen = Set<UUID>()
        for _ in 0..<10_000 {
            seen.insert(first.next())
            seen.insert(second.next())
        }
        #expect(seen.count == 20_000)
    }

    @Test func uuidsParseBackFromTheirText() {
        var identities = TrackIdentities()
        let id = identities.next()
        #expect(UUID(uuidString: id.uuidString) == id)
    }
}

/// x and y of a path share one moment matrix: solving for both at once must give what solving
/// each alone gives, to the last bit (the fits, and so every decision on them, are unchanged).
@Suite struct PairedSolveTests {
    @Test(arguments: [(0.0, 1.0), (0.3, 2.5), (-0.7, 0.01)])
    func solvingForTwoRightHandSidesMatchesSolvingEachAlone(shift: Double, scale: Double) throws {
        let s = (0..<7).map { (Double($0) - 3 + shift) * scale }
        func moment(_ p: Int) -> Double { s.reduce(0) { $0 + pow($1, Double(p)) } }
        let xs = s.map { 3 * $0 * $0 - 2 * $0 + 1 }, ys = s.map { -0.5 * $0 * $0 + 4 * $0 - 7 }
        func right(_ v: [Double], _ p: Int) -> Double { zip(s, v).reduce(0) { $0 + pow($1.0, Double(p)) * $1.1 } }
        let rows = (SIMD4(moment(4), moment(3), moment(2), 0.0), SIMD4(moment(3), moment(2), moment(1), 0.0),
                    SIMD4(moment(2), moment(1), moment(0), 0.0))
        let both = try #require(solve3(rows, SIMD3(right(xs, 2), right(xs, 1), right(xs, 0)),
                                       SIMD3(right(ys, 2), right(ys, 1), right(ys, 0))))
        func alone(_ v: [Double]) -> (Double, Double, Double)? {
            var r = rows
            r.0[3] = right(v, 2); r.1[3] = right(v, 1); r.2[3] = right(v, 0)
            return solve3(r.0, r.1, r.2)
        }
        let x = try #require(alone(xs)), y = try #require(alone(ys))
        #expect(both.first == x)
        #expect(both.second == y)
        #expect(abs(x.0 - 3) < 1e-6 && abs(x.1 + 2) < 1e-6 && abs(x.2 - 1) < 1e-6)
    }

    @Test func aSingularMatrixHasNoSolutionEitherWay() {
        let rows = (SIMD4(1.0, 2, 3, 0), SIMD4(2.0, 4, 6, 0), SIMD4(1.0, 1, 1, 0))
        #expect(solve3(rows, SIMD3(1, 2, 3), SIMD3(0, 0, 1)) == nil)
    }
}
