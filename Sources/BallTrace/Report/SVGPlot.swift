import FoundationEssentials

/// A line plot as inline SVG, for the shot report: one series in pieces (a ball come back into
/// the picture starts a piece of its own, rather than being joined to where it left across the
/// part nobody saw), a dot at each measured point, both axes marked and labelled with units.
///
/// The SVG is written to sit inside an HTML document: no `xmlns` (HTML does not need it, and
/// the report names no address at all), no script, no style sheet, every text escaped.
package struct SVGPlot: Sendable, Hashable {
    package var title: String
    package var x: PlotAxis
    package var y: PlotAxis
    package var pieces: [[PlotPoint]]
    /// The line's colour, `#RRGGBB`.
    package var colour: String
    package var width: Double
    package var height: Double

    /// Room left of, right of, above and below the box the data are drawn in: tick values and
    /// the y label on the left, the x label below, the title above.
    static let margin = (left: 62.0, right: 16.0, top: 30.0, bottom: 46.0)

    /// An axis for each coordinate, covering the points (and 0).
    package init(title: String, x: (title: String, unit: String), y: (title: String, unit: String), pieces: [[PlotPoint]],
                 colour: String, width: Double = 460, height: Double = 300) {
        let points = pieces.flatMap { $0 }
        self.init(title: title, x: PlotAxis(title: x.title, unit: x.unit, covering: points.map(\.x)),
                  y: PlotAxis(title: y.title, unit: y.unit, covering: points.map(\.y)),
                  pieces: pieces, colour: colour, width: width, height: height)
    }

    package init(title: String, x: PlotAxis, y: PlotAxis, pieces: [[PlotPoint]], colour: String, width: Double = 460, height: Double = 300) {
        self.title = title
        self.x = x
        self.y = y
        self.pieces = pieces
        self.colour = colour
        self.width = width
        self.height = height
    }

    /// The box the data are drawn in, in the SVG's user units (y down).
    package var box: (left: Double, top: Double, right: Double, bottom: Double) {
        (Self.margin.left, Self.margin.top, width - Self.margin.right, height - Self.margin.bottom)
    }

    /// Where a point of the data is drawn: inside ``box`` for a point inside the axes' ranges.
    package func position(of point: PlotPoint) -> (x: Double, y: Double) {
        let b = box
        return (b.left + x.fraction(point.x) * (b.right - b.left), b.bottom - y.fraction(point.y) * (b.bottom - b.top))
    }

    /// The `<svg>` element.
    package var svg: String {
        let b = box
        var out = "<svg class=\"plot\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\""
            + " role=\"img\" aria-label=\"\(HTMLText.escaped(title))\">\n"
        out += "<title>\(HTMLText.escaped(title))</title>\n"
        out += "<text class=\"plot-title\" x=\"\(n(b.left))\" y=\"\(n(b.top - 10))\" font-size=\"14\" font-weight=\"bold\">\(HTMLText.escaped(title))</text>\n"
        out += "<rect x=\"\(n(b.left))\" y=\"\(n(b.top))\" width=\"\(n(b.right - b.left))\" height=\"\(n(b.bottom - b.top))\" fill=\"#ffffff\" stroke=\"#888888\"/>\n"
        for tick in x.ticks {
            let px = position(of: PlotPoint(x: tick, y: y.lower)).x
            out += "<line class=\"grid\" x1=\"\(n(px))\" y1=\"\(n(b.top))\" x2=\"\(n(px))\" y2=\"\(n(b.bottom))\" stroke=\"#e4e4e4\"/>\n"
            out += "<text class=\"tick\" x=\"\(n(px))\" y=\"\(n(b.bottom + 16))\" font-size=\"11\" text-anchor=\"middle\">\(x.text(tick))</text>\n"
        }
        for tick in y.ticks {
            let py = position(of: PlotPoint(x: x.lower, y: tick)).y
            out += "<line class=\"grid\" x1=\"\(n(b.left))\" y1=\"\(n(py))\" x2=\"\(n(b.right))\" y2=\"\(n(py))\" stroke=\"#e4e4e4\"/>\n"
            out += "<text class=\"tick\" x=\"\(n(b.left - 6))\" y=\"\(n(py + 4))\" font-size=\"11\" text-anchor=\"end\">\(y.text(tick))</text>\n"
        }
        out += "<text class=\"axis-label x\" x=\"\(n((b.left + b.right) / 2))\" y=\"\(n(height - 8))\" font-size=\"12\" text-anchor=\"middle\">\(HTMLText.escaped(x.label))</text>\n"
        let middle = (b.top + b.bottom) / 2
        out += "<text class=\"axis-label y\" x=\"14\" y=\"\(n(middle))\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(n(middle)))\">\(HTMLText.escaped(y.label))</text>\n"
        for piece in pieces where !piece.isEmpty {
            let points = piece.map { position(of: $0) }.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            out += "<polyline class=\"series\" points=\"\(points)\" fill=\"none\" stroke=\"\(HTMLText.escaped(colour))\" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
            for point in piece {
                let p = position(of: point)
                out += "<circle class=\"measured\" cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"2.5\" fill=\"\(HTMLText.escaped(colour))\"/>\n"
            }
        }
        return out + "</svg>"
    }

    /// A coordinate as written into the SVG: two decimals at most, a point for the decimal mark.
    private func n(_ value: Double) -> String {
        let text = String(printf: "%.2f", value)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }
}
