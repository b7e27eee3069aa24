@testable import BallTrace
import Foundation
import Testing

@Suite("Shots fused with the strikes heard")
struct ShotHearingTests {
    func shot(_ number: Int, at time: Double) -> Shot {
        Shot(number: number, impactTime: time, flightEndTime: time + 1, trajectory: UUID(), confidence: 0.9)
    }

    @Test func aStrikeNearTheLaunchGivesTheImpactTimeAndMarksTheShotHeard() {
        let shots = ShotHearing.fuse([shot(1, at: 4.333), shot(2, at: 7.3)], strikes: [Strike(onset: 4.301, strength: 40)],
                                     frameInterval: 1.0 / 30)
        #expect(shots[0].impactTime == 4.301 && shots[0].heard == true && shots[0].impactSource == .sound)
        #expect(shots[1].impactTime == 7.3 && shots[1].heard == false && shots[1].impactSource == .sight)
    }

    @Test func aStrikeWithNoLaunchNearIsNoShot() {
        let shots = ShotHearing.fuse([shot(1, at: 4.3)], strikes: [Strike(onset: 2.7, strength: 35), Strike(onset: 4.46, strength: 30)],
                                     frameInterval: 1.0 / 30)
        #expect(shots.count == 1)
        #expect(shots[0].heard == false && shots[0].impactTime == 4.3)
    }

    @Test func withoutSoundShotsAreLeftAsSightFoundThem() {
        let shots = ShotHearing.fuse([shot(1, at: 4.3)], strikes: nil, frameInterval: 1.0 / 30)
        #expect(shots[0].heard == nil && shots[0].impactSource == .sight && shots[0].impactTime == 4.3)
    }

    @Test func eachStrikeGoesToOneShotTheNearest() {
        // Within 150 ms of both launches, nearer the second.
        let shots = ShotHearing.fuse([shot(1, at: 1.0), shot(2, at: 1.1)], strikes: [Strike(onset: 1.08, strength: 30)],
                                     frameInterval: 1.0 / 30)
        #expect(shots[0].heard == false && shots[0].impactTime == 1.0)
        #expect(shots[1].heard == true && shots[1].impactTime == 1.08)
    }

    @Test func theWindowIsWiderAtLowFrameRates() {
        #expect(ShotHearing.window(frameInterval: 1.0 / 30) == 0.15)
        #expect(abs(ShotHearing.window(frameInterval: 0.1) - 0.3) < 1e-12)
    }
}
