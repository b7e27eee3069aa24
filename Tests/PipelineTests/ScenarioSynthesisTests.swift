@testable import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// The generator's scenarios: each renders, and its truth says what the scenario promises.
/// Most checks use ``ClipSynthesizer/truth(for:)``, which is what rendering returns without the
/// drawing; only a few render.
@Suite("Generated scenarios")
struct ScenarioSynthesisTests {
    @Test(arguments: SyntheticScene.scenarioNames)
    func everyScenarioRendersAt640x480AndItsTruthLiesInTheFrame(_ name: String) throws {
        let scene = try #require(SyntheticScene.scenario(named: name, width: 640, height: 480, frameRate: 30, seed: 3))
        #expect(scene.name == name)
        let truth = try withTemporaryFolder { folder in
            let path = "\(folder)/\(name).mp4"
            let truth = try ClipSynthesizer.render(scene, to: path)
            let video = try FrameTimes(path: path)
            #expect(video.width == 640 && video.height == 480)
            #expect(video.times.count == scene.frameCount)
            return truth
        }
        #expect(truth == ClipSynthesizer.truth(for: scene))
        for p in truth.positions {
            #expect(p.x.isFinite && p.y.isFinite && p.radius > 0, "\(p)")
            #expect((0..<scene.frameCount).contains(p.frame))
            if p.clipped {
                // At least partly in the frame.
                #expect(p.x > -40 && p.x < 680 && p.y > -40 && p.y < 520, "\(p)")
            } else {
                #expect(p.x - p.radius >= 0 && p.x + p.radius <= 640 && p.y - p.radius >= 0 && p.y + p.radius <= 480, "\(p)")
            }
        }
        // Every flight can be followed for longer than the ten points a trajectory needs before
        // it is reported (a pitch, the shortest, for 13 or 14 frames at 30 fps).
        for flight in scene.flights.indices {
            let counted = truth.positions.filter { $0.flight == flight && $0.counts }.count
            #expect(counted >= 12, "flight \(flight): \(counted) frames seen whole in flight")
        }
    }

    @Test func theDownTheLineBallShrinksFromThreeOrFourPixelsToAboutOneAndSlows() throws {
        for seed: UInt64 in 1...4 {
            let flying = ClipSynthesizer.truth(for: .golfDownTheLine(width: 640, height: 360, frameRate: 30, seed: seed))
                .flightPositions(0)
            let first = try #require(flying.first), last = try #require(flying.last)
            #expect((3...4).contains(first.radius), "seed \(seed): \(first.radius) px at launch")
            #expect((0.8...1.2).contains(last.radius), "seed \(seed): \(last.radius) px at the end")
            #expect(zip(flying, flying.dropFirst()).allSatisfy { $1.radius <= $0.radius + 1e-9 })
            let steps = zip(flying, flying.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
            #expect(steps.first! > 8 * steps.suffix(10).max()!, "seed \(seed): steps \(steps)")
            // Seen at first; near the end too faint to see, and the truth says so.
            #expect(flying.prefix(20).allSatisfy { $0.visible } && !last.visible)
        }
        // In proportion at other sizes.
        let large = try #require(ClipSynthesizer.truth(for: .golfDownTheLine(width: 1280, height: 720, seed: 1)).flightPositions(0).first)
        #expect((6...8).contains(large.radius))
    }

    @Test func theTossRisesAThirdOfTheFrameAndDriftsOnlyAFewPixels() throws {
        for (width, height) in [(640, 480), (1280, 720)] {
            let truth = ClipSynthesizer.truth(for: .tennisToss(width: width, height: height, seed: 4))
            let flying = truth.flightPositions(0)
            let xs = flying.map(\.x), ys = flying.map(\.y)
            let rise = (ys.first ?? 0) - (ys.min() ?? 0), drift = (xs.max() ?? 0) - (xs.min() ?? 0)
            #expect(abs(rise / Double(height) - 1.0 / 3) < 0.04, "rise \(rise) of \(height)")
            #expect(drift < 0.01 * Double(width) && drift < rise / 30, "drift \(drift)")
            // Held, then carried up, before it flies.
            #expect(truth.positions.first.map { !$0.inFlight } == true)
            #expect(abs((flying.first?.radius ?? 0) - Double(height) / 110) < 0.01)
        }
    }

    @Test(arguments: [24.0, 30, 60, 120, 240])
    func thePoleHidesTheBallForFiveConsecutiveFramesBetweenVisibleOnes(_ fps: Double) {
        let flying = ClipSynthesizer.truth(for: .poleOcclusion(width: 640, height: 480, frameRate: fps, seed: 2)).flightPositions(0)
        let hidden = flying.indices.filter { !flying[$0].visible }
        #expect(hidden.count == 5, "\(fps) fps: hidden at \(hidden.map { flying[$0].frame })")
        guard let firstHidden = hidden.first, let lastHidden = hidden.last else { return }
        #expect(lastHidden - firstHidden == hidden.count - 1, "one run")
        // Partly hidden either side, and seen whole before and after.
        #expect(flying[firstHidden - 1].clipped && flying[lastHidden + 1].clipped)
        #expect(flying[..<firstHidden].contains { $0.counts } && flying[(lastHidden + 1)...].contains { $0.counts })
    }

    @Test func thePoleStillHidesTheBallForSeveralFramesAtAVariableFrameRate() {
        var scene = SyntheticScene.poleOcclusion(width: 1280, height: 720, frameRate: 30, seed: 6)
        scene.frameTimeJitter = 0.8
        let hidden = ClipSynthesizer.truth(for: scene).flightPositions(0).filter { !$0.visible }.map(\.frame)
        #expect((4...6).contains(hidden.count) && hidden.last! - hidden.first! == hidden.count - 1, "\(hidden)")
    }

    @Test func theCrossingBallsPathsCrossAndTheirImagesMerge() throws {
        for seed: UInt64 in 1...4 {
            let scene = SyntheticScene.crossingBalls(width: 640, height: 480, frameRate: 30, seed: seed)
            let truth = ClipSynthesizer.truth(for: scene)
            let a = Dictionary(uniqueKeysWithValues: truth.flightPositions(0).map { ($0.frame, $0) })
            let b = Dictionary(uniqueKeysWithValues: truth.flightPositions(1).map { ($0.frame, $0) })
            let both = a.keys.filter { b[$0] != nil }.sorted()
            let gaps = both.map { a[$0]!.x - b[$0]!.x }
            // The first ball comes from the left, the second from the right, and they pass.
            #expect((gaps.first ?? 0) < 0 && (gaps.last ?? 0) > 0, "seed \(seed)")
            let closest = try #require(both.min { distance(a[$0]!, b[$0]!) < distance(a[$1]!, b[$1]!) })
            #expect(distance(a[closest]!, b[closest]!) < a[closest]!.radius + b[closest]!.radius, "seed \(seed)")
            #expect(a[closest]!.clipped && b[closest]!.clipped, "merged images are no one ball's centre")
            let lag = scene.flights[1].launchTime - scene.flights[0].launchTime
            #expect((0.1...0.3).contains(lag))
        }
    }

    @Test func aHeldBasketballIsNotInFlightAndTheNetClipsIt() throws {
        let truth = ClipSynthesizer.truth(for: .basketballShot(width: 640, height: 480, frameRate: 30, seed: 5))
        let held = truth.positions.prefix { !$0.inFlight }
        #expect(held.count >= 20, "held for \(held.count) frames")
        #expect(abs((truth.positions.first?.radius ?? 0) - 480.0 / 40) < 0.01)
        // Through the hoop: behind the front of the rim and the net for a few frames.
        let flying = truth.flightPositions(0)
        let behindNet = flying.filter { $0.clipped && $0.x > 0.6 * 640 && $0.x + $0.radius < 640 }
        #expect((1...6).contains(behindNet.count), "\(behindNet.map(\.frame))")
    }

    @Test func noBallHasPeopleMovingButNoPositions() throws {
        let scene = try #require(SyntheticScene.scenario(named: "no-ball", width: 640, height: 480, frameRate: 24, seed: 8))
        #expect(scene.flights.isEmpty && scene.figures.count >= 2)
        #expect(ClipSynthesizer.truth(for: scene).positions.isEmpty)
    }

    @Test(arguments: SyntheticScene.scenarioNames)
    func theSameSeedGivesTheSameTruthAndItSurvivesJSON(_ name: String) throws {
        let scene = try #require(SyntheticScene.scenario(named: name, width: 640, height: 480, frameRate: 30, seed: 11))
        let again = try #require(SyntheticScene.scenario(named: name, width: 640, height: 480, frameRate: 30, seed: 11))
        let other = try #require(SyntheticScene.scenario(named: name, width: 640, height: 480, frameRate: 30, seed: 12))
        let truth = ClipSynthesizer.truth(for: scene)
        #expect(truth == ClipSynthesizer.truth(for: again))
        #expect(scene != other)
        if !scene.flights.isEmpty { #expect(truth.positions != ClipSynthesizer.truth(for: other).positions) }
        let decoded = try JSONDecoder().decode(ClipTruth.self, from: try JSONEncoder().encode(truth))
        #expect(decoded == truth)
    }

    @Test func everyScenarioScalesToAnySizeAndFrameRate() throws {
        for name in SyntheticScene.scenarioNames {
            let small = try #require(SyntheticScene.scenario(named: name, width: 640, height: 480, frameRate: 240, seed: 1))
            let large = try #require(SyntheticScene.scenario(named: name, width: 3840, height: 2160, frameRate: 24, seed: 1))
            let smallTruth = ClipSynthesizer.truth(for: small), largeTruth = ClipSynthesizer.truth(for: large)
            #expect(abs(small.frameCount - 10 * large.frameCount) <= 5)
            for flight in small.flights.indices {
                let s = smallTruth.flightPositions(flight).filter(\.counts), l = largeTruth.flightPositions(flight).filter(\.counts)
                #expect(s.count >= 10 * 10 && l.count >= 10, "\(name) flight \(flight): \(s.count) and \(l.count) frames")
                let ratio = (l.map(\.radius).max() ?? 0) / (s.map(\.radius).max() ?? 1)
                #expect(abs(ratio - 2160.0 / 480) < 0.05 * 2160 / 480, "\(name): radius ratio \(ratio)")
            }
        }
    }

    @Test func roughConditionsTruthIncludesTheCameraShake() throws {
        // The rough scene without noise or strong compression, so the ball can be measured
        // exactly: the difference from the same scene without the ball is the ball alone.
        var scene = SyntheticScene.roughConditions(width: 640, height: 360, frameRate: 30, seconds: 1.8, seed: 2)
        #expect(scene.encodingCRF >= 32 && scene.noise >= 7 && scene.conditions.shake != nil)
        scene.noise = 0
        scene.encodingCRF = 10
        var empty = scene
        empty.flights = []
        var steady = scene
        steady.conditions.shake = nil
        let unshaken = Dictionary(uniqueKeysWithValues: ClipSynthesizer.truth(for: steady).flightPositions(0).map { ($0.frame, $0) })
        try withTemporaryFolder { folder in
            let truth = try ClipSynthesizer.render(scene, to: "\(folder)/ball.mp4")
            _ = try ClipSynthesizer.render(empty, to: "\(folder)/empty.mp4")
            let withBall = try lumaFrames("\(folder)/ball.mp4"), without = try lumaFrames("\(folder)/empty.mp4")
            var errors: [Double] = [], shifts: [Double] = []
            // Clear of the club: from the third frame of the flight.
            for p in truth.flightPositions(0).dropFirst(2) where p.counts {
                let measured = try #require(centroid(withBall[p.frame], without[p.frame], width: 640, height: 360, around: p))
                errors.append(hypot(measured.x - p.x, measured.y - p.y))
                let still = try #require(unshaken[p.frame])
                shifts.append(hypot(measured.x - still.x, measured.y - still.y))
            }
            #expect(errors.count >= 8)
            #expect(errors.max() ?? 9 < 0.6, "errors \(errors)")
            #expect(shifts.reduce(0, +) / Double(max(1, shifts.count)) > 1, "the shake moves the ball: \(shifts)")
        }
    }

    @Test func truthWrittenBeforeVisibilityReadsAsVisible() throws {
        let old = #"{"flight":0,"frame":3,"time":0.1,"x":1,"y":2,"radius":2.4,"inFlight":true,"clipped":false}"#
        let position = try JSONDecoder().decode(ClipTruth.Position.self, from: Data(old.utf8))
        #expect(position.visible && position.counts)
    }

    @Test func unknownScenarioNamesGiveNil() {
        #expect(SyntheticScene.scenario(named: "golf-sideways") == nil)
        #expect(SyntheticScene.scenarioNames.count == 25)
    }

    @Test func theRangeSessionsPracticeSwingHasNoBallAndEachBallIsTeedUpBeforeItsOwnSwing() throws {
        let scene = try #require(SyntheticScene.scenario(named: "range-session", width: 640, height: 360, seed: 4))
        let swings = SyntheticScene.rangeSessionSwings
        #expect(scene.flights.map(\.launchTime) == swings.struck)
        let truth = ClipSynthesizer.truth(for: scene)
        // Nothing at all in view from before the practice swing's backswing until after its follow-through.
        #expect(!truth.positions.contains { $0.time < swings.practice + 1 })
        for (index, flight) in scene.flights.enumerated() {
            let seen = truth.positions.filter { $0.flight == index }
            let teedUp = try #require(seen.first).time
            #expect(teedUp > flight.launchTime - 2 && teedUp < flight.launchTime - 1, "ball \(index) teed up at \(teedUp) s")
            #expect(seen.contains { $0.inFlight && $0.counts })
        }
    }
}

private func distance(_ a: ClipTruth.Position, _ b: ClipTruth.Position) -> Double { hypot(a.x - b.x, a.y - b.y) }

/// Runs `body` with a fresh temporary folder, removed afterwards.
private func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-synthesis-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.path)
}

/// Every frame's luma plane, tightly packed.
private func lumaFrames(_ path: String) throws -> [[UInt8]] {
    let reader = try MediaDecoder(path: path)
    let width = reader.info.geometry.displayedWidth, height = reader.info.geometry.displayedHeight
    var frames: [[UInt8]] = []
    while let frame = try reader.nextFrame() {
        var plane = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for col in 0..<width { plane[row * width + col] = frame.luma[row * frame.lumaStride + col] }
        }
        frames.append(plane)
    }
    return frames
}

/// The centre of what is brighter in `a` than in `b` near `p`, weighted by how much brighter.
private func centroid(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int, around p: ClipTruth.Position) -> PixelPoint? {
    var sum = 0.0, sx = 0.0, sy = 0.0
    let reach = Int(p.radius) + 12
    for row in max(0, Int(p.y) - reach)..<min(height, Int(p.y) + reach) {
        for col in max(0, Int(p.x) - reach)..<min(width, Int(p.x) + reach) {
            let d = Double(a[row * width + col]) - Double(b[row * width + col])
            guard d > 4 else { continue }
            sum += d
            sx += d * (Double(col) + 0.5)
            sy += d * (Double(row) + 0.5)
        }
    }
    return sum > 0 ? PixelPoint(x: sx / sum, y: sy / sum) : nil
}
