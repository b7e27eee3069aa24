import Foundation
import Testing
@testable import BallTrace

/// A reported flight of 12 detections at 30 fps launched at `launch` seconds, rising to the right.
private func flight(launchedAt launch: Double, continuing: UUID? = nil) -> TrajectoryObservation {
    func point(_ k: Int) -> TrackPoint {
        let x = 60 + 25 * Double(k)
        return TrackPoint(frame: Int(launch * 30) + k, time: launch + Double(k) / 30,
                          position: PixelPoint(x: x, y: 0.002 * x * x - 1.6 * x + 420), radius: 4)
    }
    var track = Track(first: point(0))
    for k in 1..<12 { track.append(point(k)) }
    var observation = TrajectoryObservation(track: track, frameWidth: 640, frameHeight: 480, coordinates: .topLeft,
                                            trajectoryLength: 10, scale: .pixelsPerMetre(100))
    observation.continues = continuing
    return observation
}

@Suite("Shots are the flights a session starts")
struct ShotFinderTests {
    @Test func shotsAreNumberedInTheOrderOfTheirImpactsWhateverTheOrderOfReport() {
        let late = flight(launchedAt: 7.3), early = flight(launchedAt: 4.3)
        let shots = ShotFinder.shots(in: [late, early])
        #expect(shots.map(\.number) == [1, 2])
        #expect(shots.map(\.trajectory) == [early.uuid, late.uuid])
        #expect(abs(shots[0].impactTime - 4.3) < 1e-9 && abs(shots[1].impactTime - 7.3) < 1e-9)
    }

    @Test func theImpactIsTheFlightsLaunchAndItsFiguresAreTheAnalysisOwn() throws {
        let f = flight(launchedAt: 2)
        let shot = try #require(ShotFinder.shots(in: [f]).first)
        #expect(shot.impactTime == f.events.launch.time)
        #expect(shot.launchSpeed != nil && shot.launchSpeed == f.physics?.launchSpeed)
        #expect(shot.launchAngle == f.physics?.launchAngle && shot.apexHeight == f.physics?.apexHeight)
        #expect(shot.carry != nil && shot.carry == f.physics?.carry && shot.carryTo == f.physics?.carryTo)
        #expect(shot.confidence == Double(f.confidence))
    }

    @Test func aFlightThatContinuesAnotherIsNoShotButLengthensIt() throws {
        let first = flight(launchedAt: 1)
        let back = flight(launchedAt: 3, continuing: first.uuid)
        let shots = ShotFinder.shots(in: [first, back])
        let shot = try #require(shots.first)
        #expect(shots.count == 1 && shot.trajectory == first.uuid && shot.continuations == [back.uuid])
        #expect(abs(shot.flightEndTime - (back.timeRange.start + back.timeRange.duration)) < 1e-9)
    }

    @Test func noTrajectoryMeansNoShot() {
        #expect(ShotFinder.shots(in: []).isEmpty)
    }

    @Test func aClipSpansThePaddingAroundTheFlightKeptInsideTheSession() {
        let shot = Shot(number: 3, impactTime: 1.5, flightEndTime: 2.5, trajectory: UUID(), confidence: 1)
        #expect(shot.clipSpan(preRoll: 2, postRoll: 1, duration: 10) == 0...3.5)
        #expect(shot.clipSpan(preRoll: 0.5, postRoll: 1, duration: 3) == 1...3)
        #expect(shot.clipSpan(preRoll: 0, postRoll: 0, duration: 0) == 1.5...2.5)
        #expect(shot.clipName == "shot-03.mp4")
    }

    @Test func theCSVHasTheJSONsColumnsInItsOrderWithAbsentFiguresEmpty() throws {
        var heard = Shot(number: 1, impactTime: 1.25, flightEndTime: 2, trajectory: UUID(), launchSpeed: 61.5, launchAngle: 12,
                         apexHeight: 30, carry: 180.5, carryTo: .landing, confidence: 0.99)
        (heard.heard, heard.impactSource) = (true, .sound)
        let shots = [heard, Shot(number: 2, impactTime: 4, flightEndTime: 5, trajectory: UUID(), confidence: 0.5)]
        let log = ShotLog(shots: shots, preRoll: 2, postRoll: 1, duration: 10)
        let object = try #require(try JSONSerialization.jsonObject(with: log.jsonData()) as? [String: Any])
        let entries = try #require(object["shots"] as? [[String: Any]])
        let lines = log.csvText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        #expect(Set(header) == Set(entries[0].keys))
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[1].hasPrefix("1,1.250000,sound,true,shot-01.mp4,\(shots[0].trajectory.uuidString),0.000000,3.000000,61.500,12.000,30.000,180.500,landing,"))
        #expect(lines[2].hasPrefix("2,4.000000,sight,,shot-02.mp4,"))
        #expect(lines[2].contains(",6.000000,,,,,,0.5000"))
        #expect(entries[1]["launchSpeed"] == nil && entries[1]["heard"] == nil)
    }
}
