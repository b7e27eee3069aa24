import Foundation
import Testing
@testable import BallTrace

/// A reported flight of 12 detections at 30 fps launched at `launch` seconds from (60, 420) px of
/// a 640×480 picture, along y = 0.002·x² − 1.6·x + 420 (y down), x growing 25 px a frame
/// (shrinking when `leftward`).
private func flight(launchedAt launch: Double = 2, scale: ScaleSetting? = .pixelsPerMetre(100), leftward: Bool = false,
                    continuing: UUID? = nil) -> TrajectoryObservation {
    func point(_ k: Int) -> TrackPoint {
        let x = 60 + 25 * Double(k)
        return TrackPoint(frame: Int(launch * 30) + k, time: launch + Double(k) / 30,
                          position: PixelPoint(x: leftward ? 640 - x : x, y: 0.002 * x * x - 1.6 * x + 420), radius: 4)
    }
    var track = Track(first: point(0))
    for k in 1..<12 { track.append(point(k)) }
    var observation = TrajectoryObservation(track: track, frameWidth: 640, frameHeight: 480, coordinates: .topLeft,
                                            trajectoryLength: 10, scale: scale)
    observation.continues = continuing
    return observation
}

/// The numbers of every `name="x,y x,y …"` or `name="v"` attribute in an SVG.
private func numbers(of attribute: String, in svg: String) -> [[Double]] {
    svg.components(separatedBy: " \(attribute)=\"").dropFirst().map { rest in
        rest.prefix { $0 != "\"" }.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    }
}

private func report(session: String = "range.mp4", flights: [[TrajectoryObservation]] = [[flight()]],
                    picture: ReportPicture? = ReportPicture(data: Data([0xFF, 0xD8, 0xFF, 0xD9]), format: .jpeg, width: 640, height: 480))
    -> ShotReport {
    let shots = flights.enumerated().map { i, f in
        Shot(number: i + 1, impactTime: f[0].events.launch.time, flightEndTime: f.last!.timeRange.start + f.last!.timeRange.duration,
             trajectory: f[0].uuid, continuations: f.dropFirst().map(\.uuid), confidence: 0.99)
    }
    let log = ShotLog(shots: shots, preRoll: 2, postRoll: 1, duration: 20)
    return ShotReport(session: session, log: log, shots: zip(shots, flights).map { shot, f in
        ShotReport.Shot(number: shot.number, impactTime: shot.impactTime, clip: shot.clipName, picture: picture,
                        pictureTime: shot.flightEndTime,
                        flight: ShotFlightSeries(flights: f, impactTime: shot.impactTime, frameWidth: 640, frameHeight: 480))
    })
}

@Suite("The shot report's plots: axes, units, where the points go")
struct ShotReportPlotTests {
    @Test func anAxisIsMarkedAtRoundValuesFromZeroPastTheLargestValue() {
        let axis = PlotAxis(title: "height", unit: "m", covering: [0.3, 1.16, 0.8])
        #expect(axis.lower == 0 && axis.upper >= 1.16 && axis.upper < 1.16 + axis.step)
        #expect(axis.label == "height (m)")
        #expect(axis.ticks.map(axis.text) == ["0.0", "0.5", "1.0", "1.5"])
        let big = PlotAxis(title: "speed", unit: "px/s", covering: [1266, 480])
        #expect(big.ticks.map(big.text) == ["0", "500", "1000", "1500"])
        let fine = PlotAxis(title: "time since impact", unit: "s", covering: [0.02, 0.37])
        #expect(fine.ticks.map(fine.text) == ["0.0", "0.1", "0.2", "0.3", "0.4"])
    }

    @Test func anAxisOverOneValueOrNoneStillSpansARange() {
        for values in [[], [0.0], [5.0], [Double.nan]] {
            let axis = PlotAxis(title: "t", unit: "s", covering: values)
            #expect(axis.upper > axis.lower && axis.ticks.count >= 2, "\(values)")
        }
        let negative = PlotAxis(title: "height", unit: "m", covering: [-0.4, 0.2])
        #expect(negative.lower <= -0.4 && negative.text(0) == "0.0")
    }

    @Test func everyPointIsDrawnInsideThePlotsBoxAndTheAxesSayTheirUnits() throws {
        let series = ShotFlightSeries(flights: [flight()], impactTime: 2, frameWidth: 640, frameHeight: 480)
        let plot = SVGPlot(title: "Shot 1: flight path", x: ("distance", series.unit), y: ("height", series.unit),
                           pieces: series.path, colour: ShotReport.pathColour)
        let svg = plot.svg
        #expect(svg.contains(">distance (m)</text>") && svg.contains(">height (m)</text>"))
        let box = plot.box
        let polyline = try #require(numbers(of: "points", in: svg).first)
        #expect(polyline.count == 2 * 12)
        let xs = stride(from: 0, to: polyline.count, by: 2).map { polyline[$0] }
        let ys = stride(from: 1, to: polyline.count, by: 2).map { polyline[$0] }
        #expect(xs.allSatisfy { $0 >= box.left && $0 <= box.right } && ys.allSatisfy { $0 >= box.top && $0 <= box.bottom })
        let dots = zip(numbers(of: "cx", in: svg), numbers(of: "cy", in: svg)).map { ($0[0], $1[0]) }
        #expect(dots.count == 12 && dots.allSatisfy { $0.0 >= box.left && $0.0 <= box.right && $0.1 >= box.top && $0.1 <= box.bottom })
        // The launch sits at the axes' origin, the ball rises: later points higher up the picture.
        #expect(abs(xs[0] - box.left) < 0.01 && abs(ys[0] - box.bottom) < 0.01 && ys[5] < ys[0])
        #expect(!svg.contains("xmlns") && !svg.contains("<script"))
    }

    @Test func theSeriesAreInMetresFromTheLaunchWithAScaleAndInPixelsWithout() throws {
        let metres = ShotFlightSeries(flights: [flight()], impactTime: 2, frameWidth: 640, frameHeight: 480)
        #expect(metres.unit == "m" && metres.speedUnit == "m/s")
        let path = try #require(metres.path.first)
        // Detection k: 25·k px along, y(60) − y(60 + 25·k) px up, at 100 px a metre.
        func y(_ x: Double) -> Double { 0.002 * x * x - 1.6 * x + 420 }
        for (k, point) in path.enumerated() {
            #expect(abs(point.x - 0.25 * Double(k)) < 1e-9 && abs(point.y - (y(60) - y(60 + 25 * Double(k))) / 100) < 1e-9)
        }
        // x moves 750 px/s, y at 750·(0.004·x − 1.6) px/s: 12.66 m/s at launch.
        let speed = try #require(metres.speed.first)
        #expect(abs(speed[0].x) < 1e-9 && abs(speed[11].x - 11.0 / 30) < 1e-9)
        #expect(abs(speed[0].y - (750.0 * 750 + 1020.0 * 1020).squareRoot() / 100) < 1e-6, "\(speed[0].y)")
        let pixels = ShotFlightSeries(flights: [flight(scale: nil)], impactTime: 2, frameWidth: 640, frameHeight: 480)
        #expect(pixels.unit == "px" && pixels.speedUnit == "px/s" && abs(pixels.path[0][1].x - 25) < 1e-9)
    }

    @Test func aFlightNotMeasurableInThePicturesPlaneIsPlottedInPixels() {
        var seenInDepth = flight()
        seenInDepth.physics?.measurable = false
        #expect(ShotFlightSeries(flights: [seenInDepth], impactTime: 2, frameWidth: 640, frameHeight: 480).unit == "px")
    }

    @Test func aBallFlyingLeftGoesTheSameDistanceAndOneComingBackIsAPieceOfItsOwn() {
        let right = ShotFlightSeries(flights: [flight()], impactTime: 2, frameWidth: 640, frameHeight: 480)
        let left = ShotFlightSeries(flights: [flight(leftward: true)], impactTime: 2, frameWidth: 640, frameHeight: 480)
        #expect(zip(right.path[0], left.path[0]).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 })
        let first = flight()
        let both = ShotFlightSeries(flights: [first, flight(launchedAt: 3, continuing: first.uuid)], impactTime: 2,
                                    frameWidth: 640, frameHeight: 480)
        #expect(both.path.count == 2 && both.speed.count == 2)
        #expect(abs(both.speed[1][0].x - 1) < 1e-9)
    }
}

@Suite("The shot report's page: one file, nothing fetched, text escaped")
struct ShotReportPageTests {
    @Test func thePageHoldsTheTableAPictureAndTwoPlotsPerShot() {
        let html = report(flights: [[flight(launchedAt: 2)], [flight(launchedAt: 6)]]).html
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 4)
        #expect(html.components(separatedBy: "<section class=\"shot\"").count - 1 == 2)
        #expect(html.components(separatedBy: "src=\"data:image/jpeg;base64,/9j/2Q==\"").count - 1 == 2)
        let header = ShotLog.csvHeader.split(separator: ",").map { "<th>\($0)</th>" }.joined()
        #expect(html.contains("<thead><tr>\(header)</tr></thead>"))
        #expect(html.contains("<td><a href=\"shot-02.mp4\">shot-02.mp4</a></td>"))
        #expect(html.contains(">time since impact (s)</text>") && html.contains(">speed (m/s)</text>"))
    }

    @Test func nothingInThePageIsFetchedFromAnywhere() {
        let html = report(flights: [[flight()]]).html
        for reference in ["http://", "https://", "<script", "<link", "@import", "url("] {
            #expect(!html.lowercased().contains(reference), "the page holds \(reference)")
        }
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:;"))
        let sources = html.components(separatedBy: " src=\"").dropFirst().map { $0.prefix(11) }
        #expect(sources.allSatisfy { $0 == "data:image/" })
    }

    @Test func aSessionsFileNameIsShownAsWrittenNeverAsMarkup() {
        let name = "<script>alert('x')</script> & \"range\".mp4"
        let html = report(session: name).html
        #expect(!html.contains("<script") && !html.contains("alert('x')"))
        #expect(html.contains("<title>Shots of &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;range&quot;.mp4</title>"))
        #expect(HTMLText.escaped("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;")
    }

    @Test func aShotWithoutAPictureSaysSoAndASessionWithoutShotsStillMakesAPage() {
        let html = report(picture: nil).html
        #expect(!html.contains("<img") && html.contains("No picture"))
        let empty = ShotReport(session: "practice.mp4", log: ShotLog(shots: [], preRoll: 2, postRoll: 1, duration: 9), shots: []).html
        #expect(empty.contains("0 shots") && !empty.contains("<svg") && empty.contains("<tbody>\n</tbody>"))
    }

    @Test func aPictureIsEmbeddedAtMostNineHundredSixtyPixelsWideInItsProportions() {
        #expect(ReportPicture.embeddedSize(width: 1920, height: 1080) == (960, 540))
        #expect(ReportPicture.embeddedSize(width: 640, height: 360) == (640, 360))
        #expect(ReportPicture.embeddedSize(width: 1080, height: 1920) == (960, 1706))
        #expect(ReportPicture.embeddedSize(width: 3840, height: 1634) == (960, 408))
    }
}
