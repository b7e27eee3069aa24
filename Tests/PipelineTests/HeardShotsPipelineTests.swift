@testable import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// The generated range session with its generated soundtrack (strikes at the impacts, a whoosh
/// at every swing, a clap, voices, room noise), AAC in the MP4, and without any sound.
private enum HeardSession {
    static let scene = SyntheticScene.rangeSession(width: 640, height: 360, frameRate: 30, seconds: 9, seed: 3)
    static let silent: GeneratedClips.Clip = GeneratedClips.render(scene)

    /// Rendered by the generator with its soundtrack encoded beside the picture.
    static let withSound: String = {
        let path = GeneratedClips.temporaryPath("range-session-heard.mp4")
        do {
            _ = try ClipSynthesizer.render(scene, to: path, soundtrack: SyntheticScene.rangeSessionSoundtrack(seconds: 9, seed: 3))
        } catch {
            fatalError("could not give the session its soundtrack: \(error)")
        }
        return path
    }()

    static func shots(of session: String) throws -> [ShotLog.Entry] {
        let folder = GeneratedClips.temporaryPath("heard-shots")
        let run = try BalltraceRun(["shots", session, "--out-dir", folder, "--ball", "golf", "--post-roll", "0"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        return try JSONDecoder().decode(ShotLog.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/shots.json"))).shots
    }
}

@Suite("Shots heard as well as seen")
struct HeardShotsPipelineTests {
    let impacts = HeardSession.silent.truth.scene.flights.map(\.launchTime)

    @Test func withSoundEveryStruckShotIsFoundOnceHeardAndTimedWithinTwentyMilliseconds() throws {
        let shots = try HeardSession.shots(of: HeardSession.withSound)
        #expect(shots.count == impacts.count, "shots at \(shots.map(\.impactTime))")
        for impact in impacts {
            let near = shots.filter { abs($0.impactTime - impact) <= 0.02 }
            #expect(near.count == 1, "impact at \(impact) s; shots at \(shots.map(\.impactTime))")
            #expect(near.allSatisfy { $0.heard == true && $0.impactSource == .sound })
        }
        // Nothing for the practice swing's whoosh, nor for the clap at 2.7 s.
        #expect(!shots.contains { abs($0.impactTime - SyntheticScene.rangeSessionSwings.practice) < 1 })
        #expect(!shots.contains { abs($0.impactTime - 2.7) < 1 })
    }

    @Test func withoutSoundTheSameShotsAreFoundBySightWithinFiftyMilliseconds() throws {
        let shots = try HeardSession.shots(of: HeardSession.silent.path)
        #expect(shots.count == impacts.count, "shots at \(shots.map(\.impactTime))")
        for impact in impacts {
            #expect(shots.count { abs($0.impactTime - impact) <= 0.05 } == 1, "impact at \(impact) s; shots at \(shots.map(\.impactTime))")
        }
        #expect(shots.allSatisfy { $0.heard == nil && $0.impactSource == .sight })
    }
}
