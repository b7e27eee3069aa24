import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// A phone's slow motion: a drive filmed at 120 frames a second and played at 30. Its
/// timestamps stretch every motion four times: gravity looks 16 times weaker than any ball's and
/// the ball crawls, so a flight is judged in the time it was filmed in when the clip says it plays
/// slowly (`AnalysisSettings.slowMotion`, `--slow-motion`), or when a path followed whole shows it.
@Suite("A slow-motion clip, told how slowly it plays or not")
struct SlowMotionPipelineTests {
    static let filmedRate = 120.0
    static let slowdown = 4.0

    static let slowClip: GeneratedClips.Clip = {
        var scene = SyntheticScene.golfFaceOn(width: 640, height: 360, frameRate: filmedRate, seconds: 3, seed: 13)
        scene.playbackSlowdown = slowdown
        scene.name = "golf-face-on-slow-motion"
        return GeneratedClips.render(scene)
    }()

    /// The same drive played in real time.
    static let realTimeClip = GeneratedClips.render(
        SyntheticScene.golfFaceOn(width: 640, height: 360, frameRate: filmedRate, seconds: 3, seed: 13))

    static func settings(slowMotion: Double) -> AnalysisSettings {
        var settings = AnalysisSettings(scale: .pixelsPerMetre(100))
        settings.slowMotion = slowMotion
        return settings
    }

    @Test func theFlightIsFoundWithTheClipsOwnTimesAndLifesSpeeds() throws {
        let slow = try VideoAnalysis.run(path: Self.slowClip.path, settings: Self.settings(slowMotion: Self.slowdown))
        try #require(slow.trajectories.count == 1, "\(slow.trajectories.map(\.detectedPoints.count))")
        let flight = slow.trajectories[0]
        let (matched, counted) = Self.slowClip.positions(matchedBy: flight, width: 640, height: 360)
        #expect(Double(matched) >= 0.9 * Double(counted), "\(matched) of \(counted)")
        // Times are the clip's: each point at its frame's timestamp, four times its filmed time.
        let truthTimes = Dictionary(Self.slowClip.truth.positions.map { ($0.frame, $0.time) }, uniquingKeysWith: { a, _ in a })
        for point in flight.detectedPoints.prefix(20) {
            let expected = try #require(truthTimes[point.frame])
            #expect(abs(point.time - expected) < 0.5 / Self.filmedRate * Self.slowdown)
        }
        // Speeds are life's: what the same drive played in real time gives.
        let real = try #require(try VideoAnalysis.run(path: Self.realTimeClip.path, settings: Self.settings(slowMotion: 1))
            .trajectories.first)
        let slowSpeed = try #require(flight.physics?.launchSpeed), realSpeed = try #require(real.physics?.launchSpeed)
        #expect(abs(slowSpeed - realSpeed) <= 0.05 * realSpeed, "\(slowSpeed) against \(realSpeed) m/s")
        let slowGravity = try #require(flight.physics?.gravity), realGravity = try #require(real.physics?.gravity)
        #expect(abs(slowGravity - realGravity) <= 0.1 * realGravity, "\(slowGravity) against \(realGravity) m/s²")
    }

    @Test func unsaidTheSlowingIsFoundFromThePathFollowedAndSaid() throws {
        // Stretched, the flight crawls and falls far slower than gravity pulls any ball: no
        // window of it is a flight in the clip's time. Followed whole it is one four times
        // slower, and the clip is analysed again so, as if told.
        let unsaid = try VideoAnalysis.run(path: Self.slowClip.path, settings: Self.settings(slowMotion: 1))
        let told = try VideoAnalysis.run(path: Self.slowClip.path, settings: Self.settings(slowMotion: Self.slowdown))
        #expect(unsaid.settings.slowMotion == Self.slowdown)
        #expect(!unsaid.trajectories.isEmpty)
        #expect(unsaid.trajectories.map(\.detectedPoints) == told.trajectories.map(\.detectedPoints))
        #expect(unsaid.warnings.first?.contains("slow motion played at least 4 times slower than filmed") == true, "\(unsaid.warnings)")
        #expect(told.warnings.allSatisfy { !$0.contains("slow motion") })
    }

    @Test func aClipPlayedInRealTimeIsNotAnalysedAsSlowMotion() throws {
        let real = try VideoAnalysis.run(path: Self.realTimeClip.path, settings: Self.settings(slowMotion: 1))
        #expect(real.settings.slowMotion == 1)
        #expect(real.trajectories.count == 1)
        #expect(real.warnings.allSatisfy { !$0.contains("slow motion") })
    }

    @Test func aFactorOutsideOneToThirtyTwoIsRefused() {
        for factor in [0.5, 0, -2, 33, .nan, .infinity] {
            var settings = AnalysisSettings()
            settings.slowMotion = factor
            #expect(throws: AnalysisSettingsError.self) { try settings.validate() }
        }
    }
}
