import ArgumentParser
import BallTrace
import ClipSynthesis
import Foundation

@main
struct SynthesizeClip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthesize-clip",
        abstract: "Render a clip with a known ball flight and distractors, and write its truth as JSON.")

    @Argument(help: "Output video (MP4).")
    var output: String

    @Option(help: "Scene to render: \(SyntheticScene.scenarioNames.joined(separator: ", ")).")
    var scenario: String = "golf-face-on"

    @Option(help: "Where to write the truth (default: OUTPUT with .truth.json).")
    var truth: String?

    @Option var width: Int = 640
    @Option var height: Int = 360
    @Option(help: "Frames per second.") var fps: Double = 30
    @Option(help: "Length in seconds (default: the scenario's own).") var seconds: Double?
    @Option(help: "Varies the flight and the noise reproducibly.") var seed: UInt64 = 1
    @Option(help: "Store the picture turned back by this many degrees, with a display matrix (0, 90, 180, 270).")
    var rotation: Int = 0
    @Option(help: "Variable frame rate: how far each frame's time strays from the regular grid, as a fraction of the interval (0…0.9).")
    var vfr: Double = 0
    @Option(help: "Sensor noise: standard deviation in 8-bit levels (default: the scenario's own).")
    var noise: Double?
    @Option(help: "libx264 constant rate factor of the clip (default: the scenario's own). With --noise 6 and --crf 18 a 1080p60 clip carries a phone camera's 20–30 Mbit/s.")
    var crf: Int?
    @Option(help: "Play the clip this many times slower than life, as a phone's slow motion does (1…32): frames filmed at --fps are written --slow-motion times as far apart.")
    var slowMotion: Double = 1
    @Flag(help: "Give the clip its scenario's soundtrack, AAC in the MP4 (range-session: strikes at the impacts, whooshes, a clap, voices, room noise).")
    var sound = false

    func validate() throws {
        guard SyntheticScene.scenarioNames.contains(scenario) else {
            throw ValidationError("unknown scenario '\(scenario)'; known: \(SyntheticScene.scenarioNames.joined(separator: ", "))")
        }
        guard DisplayRotation(rawValue: rotation) != nil else {
            throw ValidationError("--rotation must be 0, 90, 180 or 270 (got \(rotation))")
        }
        guard (0...0.9).contains(vfr) else { throw ValidationError("--vfr must be between 0 and 0.9 (got \(vfr))") }
        if let noise, !(0...64).contains(noise) { throw ValidationError("--noise must be 0…64 (got \(noise))") }
        if let crf, !(0...51).contains(crf) { throw ValidationError("--crf must be 0…51 (got \(crf))") }
        if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive (got \(seconds))") }
        if sound, scenario != "range-session" { throw ValidationError("--sound: only range-session has a soundtrack") }
        guard fps > 0 else { throw ValidationError("--fps must be positive (got \(fps))") }
        let slowMotions = AnalysisSettings.slowMotionRange
        guard slowMotions.contains(slowMotion) else {
            throw ValidationError("--slow-motion must be \(Int(slowMotions.lowerBound))…\(Int(slowMotions.upperBound)) (got \(slowMotion))")
        }
        if sound, slowMotion != 1 { throw ValidationError("--sound: a slow-motion clip has no soundtrack here") }
    }

    func run() throws {
        guard var scene = SyntheticScene.scenario(named: scenario, width: width, height: height, frameRate: fps,
                                                  seconds: seconds, seed: seed),
              let storedRotation = DisplayRotation(rawValue: rotation)
        else { throw ValidationError("unknown scenario '\(scenario)'") }
        scene.rotation = storedRotation
        scene.frameTimeJitter = vfr
        scene.playbackSlowdown = slowMotion
        if let noise { scene.noise = noise }
        if let crf { scene.encodingCRF = crf }
        let soundtrack = sound ? SyntheticScene.rangeSessionSoundtrack(seconds: Double(scene.frameCount) / fps, seed: seed) : nil
        let result = try ClipSynthesizer.render(scene, to: output, soundtrack: soundtrack)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let truthPath = truth ?? (output.hasSuffix(".mp4") ? String(output.dropLast(4)) : output) + ".truth.json"
        try AtomicFile.write(try encoder.encode(result), to: truthPath)
        print("wrote \(output) (\(scene.frameCount) frames) and \(truthPath)")
    }
}
