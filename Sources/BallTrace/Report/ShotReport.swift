import FoundationEssentials

/// The shot report `balltrace shots` writes as `report.html`: one file a player or a coach opens
/// in any browser, holding everything it shows. Per shot, the tracer picture (the frame at the
/// flight's end with the flight drawn on it, as `analyze --tracer` draws it) and two plots, the
/// flight's path (height against distance) and its speed against time; above them, the shot
/// table of `shots.csv`.
///
/// It is built here from values alone, so that it is tested without video. Nothing in it is
/// fetched: no script, style sheet, font or image from elsewhere; pictures are `data:` URIs,
/// plots inline SVG, and a Content-Security-Policy tells the browser to load nothing else,
/// so that the file looks the same offline, mailed, or years later.
package struct ShotReport: Sendable, Hashable {
    /// One shot's part of the report.
    package struct Shot: Sendable, Hashable {
        package var number: Int
        /// Seconds from the session's start.
        package var impactTime: Double
        package var clip: String
        /// The tracer picture; nil when the session had no frame for it.
        package var picture: ReportPicture?
        /// The time of the frame the picture shows, seconds from the session's start.
        package var pictureTime: Double
        package var flight: ShotFlightSeries

        package init(number: Int, impactTime: Double, clip: String, picture: ReportPicture?, pictureTime: Double,
                     flight: ShotFlightSeries) {
            self.number = number
            self.impactTime = impactTime
            self.clip = clip
            self.picture = picture
            self.pictureTime = pictureTime
            self.flight = flight
        }
    }

    /// The session's file name, as the report's title shows it.
    package var session: String
    package var log: ShotLog
    package var shots: [Shot]

    package init(session: String, log: ShotLog, shots: [Shot]) {
        self.session = session
        self.log = log
        self.shots = shots
    }

    /// The line colours of the two plots: a purple and an orange found neither in grass nor
    /// sky nor in the tracer's red and green, so that each plot stands out, and a test can find it.
    package static let pathColour = "#7e2fd0"
    package static let speedColour = "#e8730c"

    /// The whole document, UTF-8 text.
    package var html: String {
        let title = "Shots of \(session)"
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="balltrace shots">
            <title>\(HTMLText.escaped(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1>\(HTMLText.escaped(title))</h1>
            <p class="summary">\(summary)</p>

            """
        out += table + "\n"
        for shot in shots { out += section(shot) + "\n" }
        return out + "</body>\n</html>\n"
    }

    /// "2 shots", and how the plots are measured.
    private var summary: String {
        let count = "\(shots.count) shot\(shots.count == 1 ? "" : "s")"
        guard !shots.isEmpty else { return "\(count): no ball flight started in this session." }
        return "\(count). Heights and distances are measured from each ball's launch, along the way it flew; "
            + "in metres when the scale is known (<code>--ball</code>, <code>--ball-diameter</code>, <code>--pixels-per-metre</code>) "
            + "and the flight could be measured in the picture's plane, otherwise in pixels. "
            + "Times are seconds from each shot's impact."
    }

    /// `shots.csv` as a table, the same columns in the same order; each clip a link to its file.
    private var table: String {
        let header = ShotLog.csvHeader.split(separator: ",").map { "<th>\(HTMLText.escaped(String($0)))</th>" }.joined()
        let clipColumn = ShotLog.csvHeader.split(separator: ",").firstIndex(of: "clip")
        let rows = log.csvFields.map { fields in
            "<tr>" + fields.enumerated().map { column, field in
                let text = HTMLText.escaped(field)
                return column == clipColumn ? "<td><a href=\"\(text)\">\(text)</a></td>" : "<td>\(text)</td>"
            }.joined() + "</tr>"
        }
        return "<table class=\"shots\">\n<thead><tr>\(header)</tr></thead>\n<tbody>\n" + rows.joined(separator: "\n")
            + (rows.isEmpty ? "" : "\n") + "</tbody>\n</table>"
    }

    private func section(_ shot: Shot) -> String {
        let clip = HTMLText.escaped(shot.clip)
        var out = "<section class=\"shot\" id=\"shot-\(shot.number)\">\n"
        out += "<h2>Shot \(shot.number) <small>impact at \(Self.seconds(shot.impactTime)) s · <a href=\"\(clip)\">\(clip)</a></small></h2>\n"
        if let picture = shot.picture {
            let alt = "Shot \(shot.number): the frame at \(Self.seconds(shot.pictureTime)) s, the end of the flight, with the flight drawn on it"
            out += "<figure><img class=\"tracer\" src=\"\(picture.dataURI)\" width=\"\(picture.width)\" height=\"\(picture.height)\" alt=\"\(HTMLText.escaped(alt))\">"
            out += "<figcaption>\(HTMLText.escaped(alt)).</figcaption></figure>\n"
        } else {
            out += "<p class=\"no-picture\">No picture: the session had no frame at the end of this flight.</p>\n"
        }
        let f = shot.flight
        let path = SVGPlot(title: "Shot \(shot.number): flight path", x: ("distance", f.unit), y: ("height", f.unit),
                           pieces: f.path, colour: Self.pathColour)
        let speed = SVGPlot(title: "Shot \(shot.number): speed", x: ("time since impact", "s"), y: ("speed", f.speedUnit),
                            pieces: f.speed, colour: Self.speedColour)
        out += "<div class=\"plots\">\n\(path.svg)\n\(speed.svg)\n</div>\n"
        return out + "</section>"
    }

    private static func seconds(_ value: Double) -> String {
        String(printf: "%.3f", value)
    }

    /// The page's look, in the page: system fonts only.
    private static let style = """
        body{font-family:sans-serif;margin:24px;color:#222;background:#f6f6f4;max-width:1000px}
        h1{font-size:22px;margin:0 0 6px}h2{font-size:18px;margin:0 0 10px}h2 small{font-weight:normal;color:#555;font-size:14px}
        .summary{color:#444;font-size:14px}
        table.shots{border-collapse:collapse;font-size:12px;background:#fff;margin:12px 0 20px}
        table.shots th,table.shots td{border:1px solid #ccc;padding:3px 6px;text-align:right}
        table.shots th{background:#eee}table.shots a{white-space:nowrap}
        section.shot{background:#fff;border:1px solid #ddd;border-radius:6px;padding:14px;margin:0 0 20px}
        figure{margin:0 0 10px}img.tracer{max-width:100%;height:auto;display:block}figcaption{font-size:12px;color:#555;margin-top:4px}
        .plots{display:flex;flex-wrap:wrap;gap:12px}svg.plot{background:#fafafa;font-family:sans-serif}
        """
}
