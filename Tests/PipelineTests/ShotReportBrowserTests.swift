@testable import BallTrace
import CFFmpeg
import Foundation
import Testing

/// Debian's Chromium, headless: what a player opening `report.html` sees. CI installs it
/// (scripts/install-deps.sh), so a machine without it fails these tests rather than skip them.
private enum HeadlessChromium {
    static let executable: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static let missing = "chromium is not installed: 'bash scripts/install-deps.sh' installs it (Debian's chromium package), as CI does"

    /// Opens `page` with `arguments` (a screenshot, the DOM) in a profile of its own; standard
    /// output, and the browser's log with the page's console messages in it. Given up after a minute.
    static func open(_ page: String, _ arguments: [String]) throws -> (status: Int32, output: Data, log: String) {
        let executable = try #require(executable, "\(missing)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                             "--user-data-dir=\(GeneratedClips.temporaryPath("chromium-profile"))",
                             "--enable-logging=stderr", "--v=0"] + arguments + [URL(fileURLWithPath: page).absoluteString]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Bound: killed outright (the mask it was spawned with may block SIGTERM).
        runOnOwnThread(after: 60) { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Both pipes at once, so that neither fills up while the other is read.
        nonisolated(unsafe) var log = Data()
        let reading = DispatchGroup()
        reading.enter()
        runOnOwnThread { log = err.fileHandleForReading.readDataToEndOfFile(); reading.leave() }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return (process.terminationStatus, output, String(decoding: log, as: UTF8.self))
    }

    /// The page's console messages and uncaught errors in a log (Chromium's own complaints about
    /// a machine without D-Bus or a GPU are not the page's).
    static func consoleMessages(in log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
    }
}

/// How many pixels of a screenshot are within 24 levels of `colour`, and their mean position.
private func pixels(of colour: (Int, Int, Int), in picture: StillPicture) -> (count: Int, meanX: Double) {
    var count = 0, sumX = 0.0
    for y in 0..<picture.height {
        for x in 0..<picture.width {
            let c = picture.colour(at: PixelPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
            if abs(c.red - colour.0) <= 24 && abs(c.green - colour.1) <= 24 && abs(c.blue - colour.2) <= 24 {
                count += 1
                sumX += Double(x)
            }
        }
    }
    return (count, count == 0 ? 0 : sumX / Double(count))
}

private func rgb(_ hex: String) -> (Int, Int, Int) {
    let value = Int(hex.dropFirst(), radix: 16)!
    return (value >> 16, (value >> 8) & 0xFF, value & 0xFF)
}

@Suite("The shot report in a browser")
struct ShotReportBrowserTests {
    var report: String { "\(RangeSession.run.folder)/report.html" }

    @Test func theReportIsOneFileThatNamesNoAddress() throws {
        try #require(RangeSession.run.run.status == 0, "\(RangeSession.run.run.standardError)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://"))
        let sources = html.components(separatedBy: " src=\"").dropFirst().map { String($0.prefix(23)) }
        #expect(sources == ["data:image/jpeg;base64,", "data:image/jpeg;base64,"])
        let hrefs = html.components(separatedBy: " href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(hrefs) == ["shot-01.mp4", "shot-02.mp4"], "links: \(hrefs)")
        #expect(html.utf8.count < 400_000, "\(html.utf8.count) bytes for two shots")
    }

    @Test func itRendersWithItsPicturesAndPlotsAndNoConsoleError() throws {
        try #require(HeadlessChromium.executable != nil, "\(HeadlessChromium.missing)")
        try #require(RangeSession.run.run.status == 0, "\(RangeSession.run.run.standardError)")
        let screenshot = GeneratedClips.temporaryPath("report.png")
        let shot = try HeadlessChromium.open(report, ["--screenshot=\(screenshot)", "--window-size=1200,2000"])
        #expect(shot.status == 0, "chromium: \(shot.log.suffix(2000))")
        #expect(HeadlessChromium.consoleMessages(in: shot.log).isEmpty, "\(HeadlessChromium.consoleMessages(in: shot.log))")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: screenshot)[.size] as? Int, "no screenshot")
        #expect(size > 50_000, "a screenshot of \(size) bytes")
        let picture = try StillPicture(path: screenshot)
        #expect(picture.width == 1200 && picture.height == 2000)
        // Both plots of a shot, side by side, the path's first; the tracer's red path in the pictures.
        let path = pixels(of: rgb(ShotReport.pathColour), in: picture), speed = pixels(of: rgb(ShotReport.speedColour), in: picture)
        #expect(path.count > 500 && speed.count > 500, "\(path.count) purple and \(speed.count) orange pixels")
        #expect(path.meanX + 200 < speed.meanX, "the path plot at x ≈ \(path.meanX), the speed plot at x ≈ \(speed.meanX)")
        #expect(pixels(of: (255, 40, 40), in: picture).count > 200, "no flight drawn red on the pictures")

        let dom = try HeadlessChromium.open(report, ["--dump-dom"])
        let text = String(decoding: dom.output, as: UTF8.self)
        #expect(dom.status == 0 && HeadlessChromium.consoleMessages(in: dom.log).isEmpty)
        #expect(text.components(separatedBy: "<svg ").count - 1 == 4, "two plots a shot")
        #expect(text.components(separatedBy: "<polyline class=\"series\"").count - 1 >= 4)
        #expect(text.components(separatedBy: "<img class=\"tracer\"").count - 1 == 2)
        #expect(text.components(separatedBy: "<tr>").count - 1 == 3, "the table: a header and a row a shot")
    }

    @Test func theConsoleCheckSeesAnErrorOnAPageThatHasOne() throws {
        try #require(HeadlessChromium.executable != nil, "\(HeadlessChromium.missing)")
        let page = GeneratedClips.temporaryPath("broken.html")
        try Data("<!DOCTYPE html><title>broken</title><script>throw new Error('broken on purpose')</script>".utf8)
            .write(to: URL(fileURLWithPath: page))
        let run = try HeadlessChromium.open(page, ["--dump-dom"])
        #expect(HeadlessChromium.consoleMessages(in: run.log).contains { $0.contains("broken on purpose") }, "\(run.log.suffix(2000))")
    }
}

@Suite("The shot report's pictures")
struct ShotReportPictureTests {
    @Test func aFullHDFrameIsEmbeddedHalvedWithTheFlightStillDrawnOnIt() throws {
        let frame = try OwnedFrame(width: 1920, height: 1080, format: AV_PIX_FMT_RGB24)
        let plane = try #require(frame.firstPlane)
        memset(plane, 100, Int(frame.pointer.pointee.linesize.0) * 1080)
        func point(_ k: Int) -> TrackPoint {
            let x = 300 + 60 * Double(k)
            return TrackPoint(frame: k, time: Double(k) / 30, position: PixelPoint(x: x, y: 0.0015 * (x - 900) * (x - 900) + 300), radius: 8)
        }
        var track = Track(first: point(0))
        for k in 1..<20 { track.append(point(k)) }
        let flight = TrajectoryObservation(track: track, frameWidth: 1920, frameHeight: 1080, coordinates: .topLeft, trajectoryLength: 10)
        let geometry = FrameGeometry(storedWidth: 1920, storedHeight: 1080, rotation: .none)
        let embedded = try ShotPicture.render(over: frame, geometry: geometry, flights: [flight], path: "report.html")
        #expect(embedded.width == 960 && embedded.height == 540 && embedded.format == .jpeg)
        #expect(embedded.data.count < 200_000, "\(embedded.data.count) bytes")
        let file = GeneratedClips.temporaryPath("embedded.jpg")
        try embedded.data.write(to: URL(fileURLWithPath: file))
        let picture = try StillPicture(path: file)
        #expect(picture.width == 960 && picture.height == 540)
        // At the detections, clear of the launch and apex markers: the red path, at half the scale.
        let along = [3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 16, 17, 18, 19].map { k in
            let x = 300 + 60 * Double(k)
            return PixelPoint(x: x / 2, y: (0.0015 * (x - 900) * (x - 900) + 300) / 2)
        }
        let red = along.count { picture.isRed(at: $0) }
        #expect(red >= along.count - 2, "\(red) of \(along.count) points of the path red")
    }
}
