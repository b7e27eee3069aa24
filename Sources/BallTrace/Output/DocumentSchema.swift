/// The JSON Schemas (draft 2020-12) of what `balltrace analyze` writes, as `balltrace schema`
/// prints them.
///
/// The text is compiled in because the binary is installed alone, without the repository's
/// `schemas/` folder. The files there are the ones to edit and to publish; each constant is its
/// file's exact text, and `SchemaTests` fail when the two differ by a byte.
public enum DocumentSchema {
    /// `schemas/analysis-document.schema.json`: the document of `balltrace analyze --json`.
    public static let document: String = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://balltrace.invalid/schemas/analysis-document/1.json",
      "title": "balltrace analysis document, version 1",
      "description": "The JSON document `balltrace analyze --json` writes: the input, the settings the analysis used, and every ball flight found. Keys always come in the order listed here. Numbers are rounded to what the measurement supports: times, normalized positions and radii to 6 decimals, confidence to 4, physics to 3; equation coefficients to 9 significant digits, motion to 7. Normalized x and y are fractions of the displayed frame in the document's `coordinateSystem`; normalized radii are fractions of the frame's shorter side.",
      "type": "object",
      "required": ["schemaVersion", "coordinateSystem", "source", "settings", "trajectories", "warnings"],
      "additionalProperties": false,
      "properties": {
        "schemaVersion": {
          "description": "Version of the document's layout: 1 for this schema.",
          "const": 1
        },
        "coordinateSystem": {
          "$ref": "#/$defs/coordinateSystem"
        },
        "source": {
          "$ref": "#/$defs/source"
        },
        "settings": {
          "$ref": "#/$defs/settings"
        },
        "trajectories": {
          "description": "The ball flights found, in the order they were first reported.",
          "type": "array",
          "items": { "$ref": "#/$defs/trajectory" }
        },
        "warnings": {
          "description": "Problems that did not stop the analysis, in words: the input's damage, an audio stream the overlay could not carry, an odd size trimmed. They are printed on standard error too.",
          "type": "array",
          "items": { "type": "string" }
        }
      },
      "$defs": {
        "coordinateSystem": {
          "description": "How normalized points are reported: `top-left`, 0…1 of the displayed frame with the origin top-left and y down (image convention); or `vision`, Vision's convention, origin bottom-left and y up.",
          "enum": ["top-left", "vision"]
        },
        "frame": {
          "description": "0-based index of a decoded frame in presentation order.",
          "type": "integer",
          "minimum": 0
        },
        "time": {
          "description": "Seconds from the first frame, from the frame's own timestamp (never from a frame counter).",
          "type": "number",
          "minimum": 0
        },
        "normalizedRadius": {
          "description": "A radius normalized to the frame's shorter side, like `--min-radius`.",
          "type": "number",
          "minimum": 0
        },
        "source": {
          "description": "The input video as it was read.",
          "type": "object",
          "required": ["path", "width", "height", "rotation", "frameRate", "duration", "frameCount", "codec", "integrity", "capture"],
          "additionalProperties": false,
          "properties": {
            "path": {
              "description": "The input's path as given on the command line.",
              "type": "string"
            },
            "width": {
              "description": "Displayed width in pixels, after rotation.",
              "type": "integer",
              "minimum": 1
            },
            "height": {
              "description": "Displayed height in pixels, after rotation.",
              "type": "integer",
              "minimum": 1
            },
            "rotation": {
              "description": "Degrees, clockwise: the turn the container asks for when the stored picture is displayed.",
              "enum": [0, 90, 180, 270]
            },
            "frameRate": {
              "description": "Frames per second: the stream's average frame rate as the container gives it; 0 when it does not.",
              "type": "number",
              "minimum": 0
            },
            "duration": {
              "description": "Seconds spanned by the frames actually decoded, from their timestamps: correct for variable-frame-rate clips whose container header is wrong.",
              "type": "number",
              "minimum": 0
            },
            "frameCount": {
              "description": "Frames actually decoded.",
              "type": "integer",
              "minimum": 0
            },
            "codec": {
              "description": "FFmpeg's name for the video codec, such as `h264` or `hevc`.",
              "type": "string"
            },
            "integrity": {
              "$ref": "#/$defs/integrity"
            },
            "capture": {
              "description": "How the clip was filmed, as the analysis measured it. Points are always in each frame's own pixels; the tracker follows balls in the scene, with the camera's motion taken out.",
              "type": "object",
              "required": ["cameraMoved", "largestCameraDisplacement", "repeatedFrames", "shortStepFrames"],
              "additionalProperties": false,
              "properties": {
                "cameraMoved": {
                  "description": "True when the camera moved (a pan, a zoom, a hand's drift) by more than a pixel at some point of the clip.",
                  "type": "boolean"
                },
                "largestCameraDisplacement": {
                  "description": "Pixels: the farthest any corner of the picture moved from where it was in the first frame.",
                  "type": "number",
                  "minimum": 0
                },
                "repeatedFrames": {
                  "description": "Frames that only repeated the picture before them (a clip converted to a higher frame rate, such as a slow-motion export): not analysed, and listed in a trajectory with the ball where it was.",
                  "type": "integer",
                  "minimum": 0
                },
                "shortStepFrames": {
                  "description": "Frames that show the camera's next picture where the frames around them skip one (a clip converted to a lower frame rate by keeping whole pictures, such as 42 → 25 fps): everything moves about half as far in them, so they are timed by the clip's beat, not by their timestamps.",
                  "type": "integer",
                  "minimum": 0
                }
              }
            }
          }
        },
        "integrity": {
          "description": "Whether the input was whole. A clip cut short or damaged is analysed as far as it goes, and `warnings` say what was missing in words. Always written; absent only from documents of early builds of balltrace 0.1.0, which this schema does not accept.",
          "type": "object",
          "required": ["complete", "endsEarly", "repairedFrames", "damagedPackets"],
          "additionalProperties": false,
          "properties": {
            "complete": {
              "description": "True when nothing below went wrong.",
              "type": "boolean"
            },
            "endsEarly": {
              "description": "True when the frames stop well before the `claimedDuration` or `claimedFrameCount` of the header: a copy or recording cut short.",
              "type": "boolean"
            },
            "claimedDuration": {
              "description": "Seconds the container's header promises, when it says.",
              "type": "number",
              "minimum": 0
            },
            "claimedFrameCount": {
              "description": "Frames the container's header promises, when it says.",
              "type": "integer",
              "minimum": 1
            },
            "repairedFrames": {
              "description": "Frames the decoder returned with parts guessed from their neighbours.",
              "type": "integer",
              "minimum": 0
            },
            "damagedPackets": {
              "description": "Packets of the video stream that were damaged or could not be decoded at all.",
              "type": "integer",
              "minimum": 0
            },
            "damageStart": {
              "description": "Seconds from the first frame to the first damage met; present when there was damage.",
              "type": "number",
              "minimum": 0
            },
            "damageEnd": {
              "description": "Seconds from the first frame to the last damage met; present when there was damage.",
              "type": "number",
              "minimum": 0
            },
            "stoppedEarlyBecause": {
              "description": "Why reading stopped before the end of the file, when it did: for example a picture size that changes mid-stream.",
              "type": "string"
            }
          },
          "dependentRequired": {
            "damageStart": ["damageEnd"],
            "damageEnd": ["damageStart"]
          },
          "if": {
            "properties": { "complete": { "const": true } }
          },
          "then": {
            "properties": {
              "endsEarly": { "const": false },
              "repairedFrames": { "const": 0 },
              "damagedPackets": { "const": 0 },
              "damageStart": false,
              "damageEnd": false,
              "stoppedEarlyBecause": false
            }
          },
          "else": {
            "anyOf": [
              { "properties": { "endsEarly": { "const": true } } },
              { "properties": { "repairedFrames": { "minimum": 1 } } },
              { "properties": { "damagedPackets": { "minimum": 1 } } },
              { "required": ["stoppedEarlyBecause"] }
            ]
          }
        },
        "settings": {
          "description": "The settings as asked for, and as applied to this video.",
          "type": "object",
          "required": [
            "regionOfInterest", "minimumRadius", "minimumRadiusPixels", "maximumRadius", "maximumRadiusPixels",
            "trajectoryLength", "frameSpacing", "analysedFrames", "analysisWidth", "analysisHeight",
            "maximumMissedFrames", "backgroundSubtraction", "foregroundThresholdMinimum", "foregroundThresholdMaximum"
          ],
          "additionalProperties": false,
          "properties": {
            "regionOfInterest": {
              "$ref": "#/$defs/normalizedRect",
              "description": "`--roi`: only blobs whose centre lies inside it are considered. Fractions of the displayed frame, origin top-left, y down, whatever the `coordinateSystem`. Points are always reported relative to the whole frame, never to this region."
            },
            "minimumRadius": {
              "$ref": "#/$defs/normalizedRadius",
              "description": "Smallest ball radius considered, normalized to the frame's shorter side (`--min-radius`)."
            },
            "minimumRadiusPixels": {
              "description": "Smallest ball radius considered, in pixels.",
              "type": "number",
              "minimum": 0
            },
            "maximumRadius": {
              "$ref": "#/$defs/normalizedRadius",
              "description": "Largest ball radius considered, normalized to the frame's shorter side (`--max-radius`)."
            },
            "maximumRadiusPixels": {
              "description": "Largest ball radius considered, in pixels.",
              "type": "number",
              "minimum": 0
            },
            "trajectoryLength": {
              "description": "Points a trajectory needs before it is reported (`--trajectory-length`).",
              "type": "integer",
              "minimum": 5
            },
            "frameSpacing": {
              "description": "Seconds: frames were analysed at least this far apart; 0: every frame (`--frame-spacing`).",
              "type": "number",
              "minimum": 0
            },
            "analysedFrames": {
              "description": "Frames analysed: fewer than `source.frameCount` when `frameSpacing` skipped some.",
              "type": "integer",
              "minimum": 0
            },
            "analysisWidth": {
              "description": "Width in pixels of the picture background subtraction works on: the stored frame's luma, reduced by a whole factor to about 540 lines.",
              "type": "integer",
              "minimum": 1
            },
            "analysisHeight": {
              "description": "Height in pixels of the picture background subtraction works on.",
              "type": "integer",
              "minimum": 1
            },
            "maximumMissedFrames": {
              "description": "Frames in a row a flight may go undetected before it ends.",
              "type": "integer",
              "minimum": 0
            },
            "backgroundSubtraction": {
              "description": "The background model, such as `sigma-delta`.",
              "type": "string"
            },
            "foregroundThresholdMinimum": {
              "description": "8-bit luma levels: the lower end of the range each pixel's foreground threshold adapts within (it follows six times the pixel's typical difference from the background).",
              "type": "integer",
              "minimum": 0,
              "maximum": 255
            },
            "foregroundThresholdMaximum": {
              "description": "8-bit luma levels: the upper end of the range each pixel's foreground threshold adapts within.",
              "type": "integer",
              "minimum": 0,
              "maximum": 255
            },
            "pixelsPerMetre": {
              "description": "`--pixels-per-metre`: the scale asked for, when it was given that way.",
              "type": "number",
              "exclusiveMinimum": 0
            },
            "ballDiameter": {
              "description": "Metres: `--ball-diameter`, or the `--ball`'s regulation diameter, when the scale was asked for that way.",
              "type": "number",
              "exclusiveMinimum": 0
            }
          }
        },
        "normalizedRect": {
          "description": "A rectangle as fractions (0…1) of the displayed frame, origin top-left, y down.",
          "type": "object",
          "required": ["x", "y", "width", "height"],
          "additionalProperties": false,
          "properties": {
            "x": { "description": "Left edge, fraction of the frame's width.", "type": "number", "minimum": 0, "maximum": 1 },
            "y": { "description": "Top edge, fraction of the frame's height.", "type": "number", "minimum": 0, "maximum": 1 },
            "width": { "description": "Fraction of the frame's width.", "type": "number", "exclusiveMinimum": 0, "maximum": 1 },
            "height": { "description": "Fraction of the frame's height.", "type": "number", "exclusiveMinimum": 0, "maximum": 1 }
          }
        },
        "uuid": {
          "description": "A UUID in upper case, as Foundation writes it.",
          "type": "string",
          "pattern": "^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$"
        },
        "point": {
          "description": "A position normalized to the displayed frame in the document's `coordinateSystem`. Points of a fitted path may lie outside 0…1.",
          "type": "object",
          "required": ["x", "y"],
          "additionalProperties": false,
          "properties": {
            "x": { "description": "Fraction of the frame's width.", "type": "number" },
            "y": { "description": "Fraction of the frame's height.", "type": "number" }
          }
        },
        "detectedPoint": {
          "description": "Where the ball was detected in one frame.",
          "type": "object",
          "required": ["frame", "time", "x", "y", "radius"],
          "additionalProperties": false,
          "properties": {
            "frame": { "$ref": "#/$defs/frame" },
            "time": { "$ref": "#/$defs/time" },
            "x": {
              "description": "Centre, fraction of the displayed frame's width.",
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "y": {
              "description": "Centre, fraction of the displayed frame's height, in the document's `coordinateSystem`.",
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "radius": { "$ref": "#/$defs/normalizedRadius" }
          }
        },
        "predictedPoint": {
          "description": "A point of the fitted path beyond the last detection, in the document's `coordinateSystem`; inside the frame.",
          "type": "object",
          "required": ["time", "x", "y"],
          "additionalProperties": false,
          "properties": {
            "time": { "$ref": "#/$defs/time" },
            "x": { "description": "Fraction of the displayed frame's width.", "type": "number", "minimum": 0, "maximum": 1 },
            "y": { "description": "Fraction of the displayed frame's height.", "type": "number", "minimum": 0, "maximum": 1 }
          }
        },
        "timeRange": {
          "description": "When the trajectory was seen (Vision's `timeRange`).",
          "type": "object",
          "required": ["start", "duration"],
          "additionalProperties": false,
          "properties": {
            "start": { "$ref": "#/$defs/time", "description": "Seconds from the first frame to the first detection." },
            "duration": { "description": "Seconds from the first detection to the last.", "type": "number", "minimum": 0 }
          }
        },
        "trajectory": {
          "description": "One ball flight, as Vision's `VNTrajectoryObservation` describes it, and beyond.",
          "type": "object",
          "required": [
            "uuid", "detectedPoints", "projectedPoints", "equationCoefficients", "timeRange", "confidence",
            "movingAverageRadius", "firstReportedFrame", "motion", "events", "predictedPoints"
          ],
          "additionalProperties": false,
          "properties": {
            "uuid": {
              "$ref": "#/$defs/uuid",
              "description": "Identifies one flight. It stays the same as the trajectory grows."
            },
            "detectedPoints": {
              "description": "Every detection of the flight, in order; a flight is reported once it has `trajectoryLength` (at least 5) of them.",
              "type": "array",
              "minItems": 5,
              "items": { "$ref": "#/$defs/detectedPoint" }
            },
            "projectedPoints": {
              "description": "The parabola of `equationCoefficients` evaluated at the last five detected x positions, as Vision gives it.",
              "type": "array",
              "minItems": 5,
              "maxItems": 5,
              "items": { "$ref": "#/$defs/point" }
            },
            "equationCoefficients": {
              "description": "`[a, b, c]` of `y = a·x² + b·x + c`, fitted to all detected points in the document's coordinate system.",
              "type": "array",
              "minItems": 3,
              "maxItems": 3,
              "items": { "type": "number" }
            },
            "timeRange": { "$ref": "#/$defs/timeRange" },
            "confidence": {
              "description": "0…1: how well a smooth ballistic path explains the points relative to the ball's size, and how many there are.",
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "movingAverageRadius": {
              "$ref": "#/$defs/normalizedRadius",
              "description": "Mean radius of the last few detections, normalized to the frame's shorter side."
            },
            "firstReportedFrame": {
              "$ref": "#/$defs/frame",
              "description": "The frame at which the trajectory had `trajectoryLength` points and passed the ballistic test: an overlay draws it from there on."
            },
            "motion": { "$ref": "#/$defs/motion" },
            "events": { "$ref": "#/$defs/events" },
            "predictedPoints": {
              "description": "The fitted path carried on one frame interval at a time beyond the last detection, until it leaves the frame or falls back to its launch height. Flights recognised in depth are predicted in depth.",
              "type": "array",
              "items": { "$ref": "#/$defs/predictedPoint" }
            },
            "physics": { "$ref": "#/$defs/physics" },
            "continues": {
              "$ref": "#/$defs/uuid",
              "description": "Present when this trajectory is a ball coming back down into the picture where an earlier trajectory (this UUID) climbed out of it through the top: the same flight, seen again far away. Vision would report the two as unrelated."
            }
          }
        },
        "motion": {
          "description": "The flight as a function of time: position = p0 + v·t + ½·a·t², t in seconds from `timeRange.start`, normalized like the points and in the same coordinate system. It carries flights `equationCoefficients` cannot, such as a nearly vertical toss.",
          "type": "object",
          "required": ["x", "y", "rms"],
          "additionalProperties": false,
          "properties": {
            "x": {
              "description": "`[x0, vx, ax]`: fraction of the frame's width, per second, per second squared.",
              "type": "array",
              "minItems": 3,
              "maxItems": 3,
              "items": { "type": "number" }
            },
            "y": {
              "description": "`[y0, vy, ay]`: fraction of the frame's height, per second, per second squared.",
              "type": "array",
              "minItems": 3,
              "maxItems": 3,
              "items": { "type": "number" }
            },
            "rms": {
              "$ref": "#/$defs/normalizedRadius",
              "description": "Root-mean-square distance of the detections from the path, normalized to the frame's shorter side."
            }
          }
        },
        "events": {
          "description": "What a coach times a flight by: launch, apex, exit.",
          "type": "object",
          "required": ["launch", "exit"],
          "additionalProperties": false,
          "properties": {
            "launch": { "$ref": "#/$defs/launch" },
            "apex": { "$ref": "#/$defs/apex" },
            "exit": { "$ref": "#/$defs/exit" }
          }
        },
        "launch": {
          "description": "The first detection of the flight. A ball at rest (on a tee, in a hand) is part of the background, so this is the first frame it moves in.",
          "type": "object",
          "required": ["frame", "time"],
          "additionalProperties": false,
          "properties": {
            "frame": { "$ref": "#/$defs/frame" },
            "time": { "$ref": "#/$defs/time" }
          }
        },
        "apex": {
          "description": "The highest point of the path. Absent for a ball that only falls, or that is lost still climbing out of the frame.",
          "type": "object",
          "required": ["frame", "time", "x", "y", "observed"],
          "additionalProperties": false,
          "properties": {
            "frame": { "$ref": "#/$defs/frame", "description": "The detection nearest the apex, or the frame it falls in when it comes from the predicted path." },
            "time": { "$ref": "#/$defs/time" },
            "x": { "description": "Fraction of the displayed frame's width.", "type": "number" },
            "y": { "description": "Fraction of the displayed frame's height, in the document's `coordinateSystem`.", "type": "number" },
            "observed": { "description": "False when the ball was lost before its apex, which then comes from the predicted path.", "type": "boolean" }
          }
        },
        "exit": {
          "description": "Where the flight ended in the clip: the last detection.",
          "type": "object",
          "required": ["frame", "time", "reason"],
          "additionalProperties": false,
          "properties": {
            "frame": { "$ref": "#/$defs/frame" },
            "time": { "$ref": "#/$defs/time" },
            "reason": {
              "description": "`left the frame`: the path leaves the picture (or the ball touches its edge) right after the last detection. `bounced`: the ball turned sharply back up off the ground, a rim or a wall, which ends a flight (the next one may follow). `clip ended`: the ball was still being followed in the last frame analysed. `lost`: the ball was lost inside the picture: hidden, landed, or too faint to follow.",
              "enum": ["left the frame", "bounced", "clip ended", "lost"]
            }
          }
        },
        "physics": {
          "description": "The flight in metres and seconds; present when the analysis was given a scale (`--pixels-per-metre`, `--ball-diameter` or `--ball`). These are image-plane figures: the camera should look roughly square onto the flight. A ball whose apparent size changes by more than 25 % over the flight, or a flight recognised in depth, gets `measurable: false` and `notMeasurableBecause` instead of figures. Launch figures are at the first detection.",
          "type": "object",
          "required": ["scale", "measurable", "assumptions"],
          "additionalProperties": false,
          "properties": {
            "gravity": {
              "description": "m/s²: downward acceleration of the fitted path; close to 9.8 when the scale and the assumptions hold, so a check on the scale.",
              "type": "number"
            },
            "launchSpeed": {
              "description": "m/s, at launch.",
              "type": "number",
              "minimum": 0
            },
            "launchAngle": {
              "description": "Degrees above the horizontal, at launch.",
              "type": "number",
              "minimum": -90,
              "maximum": 90
            },
            "apexHeight": {
              "description": "Metres gained from launch to apex (from the path, so also when the apex is predicted); absent for a ball that does not rise.",
              "type": "number",
              "minimum": 0
            },
            "flightTime": {
              "description": "Seconds from launch until the path is back at its launch height; absent for a ball that does not rise.",
              "type": "number",
              "minimum": 0
            },
            "horizontalSpeed": {
              "description": "m/s, constant along a parabola.",
              "type": "number",
              "minimum": 0
            },
            "scale": { "$ref": "#/$defs/scale" },
            "measurable": {
              "description": "Whether the figures could be measured; when not, they are absent and `notMeasurableBecause` says why.",
              "type": "boolean"
            },
            "notMeasurableBecause": {
              "description": "Why the figures are absent, in words; present only when `measurable` is false.",
              "type": "string"
            },
            "assumptions": {
              "description": "What the figures assume about the camera and the flight, in words.",
              "type": "array",
              "items": { "type": "string" }
            }
          },
          "if": {
            "properties": { "measurable": { "const": true } }
          },
          "then": {
            "required": ["gravity", "launchSpeed", "launchAngle", "horizontalSpeed"],
            "properties": { "notMeasurableBecause": false }
          },
          "else": {
            "required": ["notMeasurableBecause"],
            "properties": {
              "gravity": false,
              "launchSpeed": false,
              "launchAngle": false,
              "apexHeight": false,
              "flightTime": false,
              "horizontalSpeed": false
            }
          }
        },
        "scale": {
          "description": "The scale this trajectory's figures were computed with, and where it came from.",
          "type": "object",
          "required": ["pixelsPerMetre", "source"],
          "additionalProperties": false,
          "properties": {
            "pixelsPerMetre": {
              "description": "Pixels of the displayed frame per metre.",
              "type": "number",
              "minimum": 0
            },
            "source": {
              "description": "In words: `--pixels-per-metre`, or the ball's diameter and the detected radius at launch it was matched to.",
              "type": "string"
            }
          }
        }
      }
    }

    """#

    /// `schemas/stream-line.schema.json`: one line of `balltrace analyze --stream`. It repeats the
    /// document schema's definitions of a trajectory, so that it can be used alone.
    public static let streamLine: String = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://balltrace.invalid/schemas/stream-line/1.json",
      "title": "balltrace stream line, version 1",
      "description": "One line of `balltrace analyze INPUT --stream` (JSON Lines: one object per analysed frame). Its trajectories are exactly the items of the document's `trajectories` (https://balltrace.invalid/schemas/analysis-document/1.json); the definitions below are the document schema's own, repeated so that this schema stands alone.",
      "type": "object",
      "required": ["frame", "time", "behindRealTime", "coordinateSystem", "camera", "trajectories"],
      "additionalProperties": false,
      "properties": {
        "frame": {
          "$ref": "#/$defs/frame",
          "description": "0-based index of the analysed frame among the decoded frames, in presentation order."
        },
        "time": {
          "$ref": "#/$defs/time",
          "description": "Seconds from the first frame to this one, from this frame's own timestamp."
        },
        "behindRealTime": {
          "description": "Seconds: wall-clock time since the first frame was read, minus `time`. Negative when a file is analysed faster than real time; when it grows, the analysis is falling behind the video.",
          "type": "number"
        },
        "coordinateSystem": {
          "$ref": "#/$defs/coordinateSystem"
        },
        "camera": {
          "description": "Where the camera was for this frame, against the first frame: points are in this frame's own pixels, and this says how that picture sits in the scene.",
          "type": "object",
          "required": ["repeated", "offsetX", "offsetY", "zoom", "rotation"],
          "additionalProperties": false,
          "properties": {
            "repeated": {
              "description": "True when the frame only repeated the picture before it (frame-rate conversion) and was not analysed.",
              "type": "boolean"
            },
            "offsetX": {
              "description": "Pixels of the displayed picture: where this frame's centre lies in the first frame's picture, less the centre.",
              "type": "number"
            },
            "offsetY": {
              "description": "As offsetX, down the picture.",
              "type": "number"
            },
            "zoom": {
              "description": "How much larger the scene appears than in the first frame: above 1 after zooming in.",
              "type": "number",
              "exclusiveMinimum": 0
            },
            "rotation": {
              "description": "Degrees the picture is turned against the first frame's, clockwise on screen.",
              "type": "number"
            }
          }
        },
        "trajectories": {
          "description": "Trajectories, each exactly as an item of the document's `trajectories`, in this line's `coordinateSystem`.",
          "type": "array",
          "items": { "$ref": "#/$defs/trajectory" }
        }
      },
      "$defs": {
        "coordinateSystem": {
          "description": "How normalized points are reported: `top-left`, 0…1 of the displayed frame with the origin top-left and y down (image convention); or `vision`, Vision's convention, origin bottom-left and y up.",
          "enum": ["top-left", "vision"]
        },
        "frame": {
          "description": "0-based index of a decoded frame in presentation order.",
          "type": "integer",
          "minimum": 0
        },
        "time": {
          "description": "Seconds from the first frame, from the frame's own timestamp (never from a frame counter).",
          "type": "number",
          "minimum": 0
        },
        "normalizedRadius": {
          "description": "A radius normalized to the frame's shorter side, like `--min-radius`.",
          "type": "number",
          "minimum": 0
        },
        "uuid": {
          "description": "A UUID in upper case, as Foundation writes it.",
          "type": "string",
          "pattern": "^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$"
        },
        "point": {
          "description": "A position normalized to the displayed frame in the document's `coordinateSystem`. Points of a fitted path may lie outside 0…1.",
          "type": "object",
          "required": ["x", "y"],
          "additionalProperties": false,
          "properties": {
            "x": { "description": "Fraction of the frame's width.", "type": "number" },
            "y": { "description": "Fraction of the frame's height.", "type": "number" }
          }
        },
        "detectedPoint": {
          "description": "Where the ball was detected in one frame.",
          "type": "object",
          "required": ["frame", "time", "x", "y", "radius"],
          "additionalProperties": false,
          "properties": {
            "frame": { "$ref": "#/$defs/frame" },
            "time": { "$ref": "#/$defs/time" },
            "x": {
              "description": "Centre, fraction of the displayed frame's width.",
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "y": {
              "description": "Centre, fraction of the displayed frame's height, in the document's `coordinateSystem`.",
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "radius": { "$ref": "#/$defs/normalizedRadius" }
          }
        },
        "predictedPoint": {
          "description": "A point of the fitted path beyond the last detection, in the document's `coordinateSystem`; inside the frame.",
          "type": "object",
          "required": ["time", "x", "y"],
          "additionalProperties": false,
          "properties": {
            "time": { "$ref": "#/$defs/time" },
            "x": { "description": "Fraction of the displayed frame's width.", "type": "number", "minimum": 0, "maximum": 1 },
            "y": { "description": "Fraction of the displayed frame's height.", "type": "number", "minimum": 0, "maximum": 1 }
          }
        },
        "timeRange": {
          "description": "When the trajectory was seen (Vision's `timeRange`).",
          "type": "object",
          "required": ["start", "duration"],
          "additionalProperties": false,
          "properties": {
            "start": { "$ref": "#/$defs/time", "description": "Seconds from the first frame to the first detection." },
            "duration": { "description": "Seconds from the first detection to the last.", "type": "number", "minimum": 0 }
          }
        },
        "trajectory": {
          "description": "One ball flight, as Vision's `VNTrajectoryObservation` describes it, and beyond.",
          "type": "object",
          "required": [
            "uuid", "detectedPoints", "projectedPoints", "equationCoefficients", "timeRange", "confidence",
            "movingAverageRadius", "firstReportedFrame", "motion", "events", "predictedPoints"
          ],
          "additionalProperties": false,
          "properties": {
            "uuid": {
              "$ref": "#/$defs/uuid",
              "description": "Identifies one flight. It stays the same as the trajectory grows."
            },
            "detectedPoints": {
              "description": "Every detection of the flight, in order; a flight is reported once it has `trajectoryLength` (at least 5) of them.",
              "type": "array",
              "minItems": 5,
              "items": { "$ref": "#/$defs/detectedPoint" }
            },
            "projectedPoints": {
              "description": "The parabola of `equationCoefficients` evaluated at the last five detected x positions, as Vision gives it.",
              "type": "array",
              "minItems": 5,
              "maxItems": 5,
              "items": { "$ref": "#/$defs/point" }
            },
            "equationCoefficients": {
              "description": "`[a, b, c]` of `y = a·x² + b·x + c`, fitted to all detected points in the document's coordinate system.",
              "type": "array",
              "minItems": 3,
              "maxItems": 3,
              "items": { "type": "number" }
            },
            "timeRange": { "$ref": "#/$defs/timeRange" },
            "confidence": {
              "description": "0…1: how well a smooth ballistic path explains the points relative to the ball's size, and how many there are.",
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "movingAverageRadius": {
              "$ref": "#/$defs/normalizedRadius",
              "description": "Mean radius of the last few detections, normalized to the frame's shorter side."
            },
            "firstReportedFrame": {
              "$ref": "#/$defs/frame",
              "description": "The frame at which the trajectory had `trajectoryLength` points and passed the ballistic test: an overlay draws it from there on."
            },
            "motion": { "$ref": "#/$defs/motion" },
            "events": { "$ref": "#/$defs/events" },
            "predictedPoints": {
              "description": "The fitted path carried on one frame interval at a time beyond the last detection, until it leaves the frame or falls back to its launch height. Flights recognised in depth are predicted in depth.",
              "type": "array",
              "items": { "$ref": "#/$defs/predictedPoint" }
            },
            "physics": { "$ref": "#/$defs/physics" },
            "continues": {
              "$ref": "#/$defs/uuid",
              "description": "Present when this trajectory is a ball coming back down into the picture where an earlier trajectory (this UUID) climbed out of it through the top: the same flight, seen again far away. Vision would report the two as unrelated."
            }
          }
        },
        "motion": {
          "description": "The flight as a function of time: position = p0 + v·t + ½·a·t², t in seconds from `timeRange.start`, normalized like the points and in the same coordinate system. It carries flights `equationCoefficients` cannot, such as a nearly vertical toss.",
          "type": "object",
          "required": ["x", "y", "rms"],
          "additionalProperties": false,
          "properties": {
            "x": {
              "description": "`[x0, vx, ax]`: fraction of the frame's width, per second, per second squared.",
              "type": "array",
              "minItems": 3,
              "maxItems": 3,
              "items": { "type": "number" }
            },
            "y": {
              "description": "`[y0, vy, ay]`: fraction of the frame's height, per second, per second squared.",
              "type": "array",
              "minItems": 3,
              "maxItems": 3,
              "items": { "type": "number" }
            },
            "rms": {
              "$ref": "#/$defs/normalizedRadius",
              "description": "Root-mean-square distance of the detections from the path, normalized to the frame's shorter side."
            }
          }
        },
        "events": {
          "description": "What a coach times a flight by: launch, apex, exit.",
          "type": "object",
          "required": ["launch", "exit"],
          "additionalProperties": false,
          "properties": {
            "launch": { "$ref": "#/$defs/launch" },
            "apex": { "$ref": "#/$defs/apex" },
            "exit": { "$ref": "#/$defs/exit" }
          }
        },
        "launch": {
          "description": "The first detection of the flight. A ball at rest (on a tee, in a hand) is part of the background, so this is the first frame it moves in.",
          "type": "object",
          "required": ["frame", "time"],
          "additionalProperties": false,
          "properties": {
            "frame": { "$ref": "#/$defs/frame" },
            "time": { "$ref": "#/$defs/time" }
          }
        },
        "apex": {
          "description": "The highest point of the path. Absent for a ball that only falls, or that is lost still climbing out of the frame.",
          "type": "object",
          "required": ["frame", "time", "x", "y", "observed"],
          "additionalProperties": false,
          "properties": {
            "frame": { "$ref": "#/$defs/frame", "description": "The detection nearest the apex, or the frame it falls in when it comes from the predicted path." },
            "time": { "$ref": "#/$defs/time" },
            "x": { "description": "Fraction of the displayed frame's width.", "type": "number" },
            "y": { "description": "Fraction of the displayed frame's height, in the document's `coordinateSystem`.", "type": "number" },
            "observed": { "description": "False when the ball was lost before its apex, which then comes from the predicted path.", "type": "boolean" }
          }
        },
        "exit": {
          "description": "Where the flight ended in the clip: the last detection.",
          "type": "object",
          "required": ["frame", "time", "reason"],
          "additionalProperties": false,
          "properties": {
            "frame": { "$ref": "#/$defs/frame" },
            "time": { "$ref": "#/$defs/time" },
            "reason": {
              "description": "`left the frame`: the path leaves the picture (or the ball touches its edge) right after the last detection. `bounced`: the ball turned sharply back up off the ground, a rim or a wall, which ends a flight (the next one may follow). `clip ended`: the ball was still being followed in the last frame analysed. `lost`: the ball was lost inside the picture: hidden, landed, or too faint to follow.",
              "enum": ["left the frame", "bounced", "clip ended", "lost"]
            }
          }
        },
        "physics": {
          "description": "The flight in metres and seconds; present when the analysis was given a scale (`--pixels-per-metre`, `--ball-diameter` or `--ball`). These are image-plane figures: the camera should look roughly square onto the flight. A ball whose apparent size changes by more than 25 % over the flight, or a flight recognised in depth, gets `measurable: false` and `notMeasurableBecause` instead of figures. Launch figures are at the first detection.",
          "type": "object",
          "required": ["scale", "measurable", "assumptions"],
          "additionalProperties": false,
          "properties": {
            "gravity": {
              "description": "m/s²: downward acceleration of the fitted path; close to 9.8 when the scale and the assumptions hold, so a check on the scale.",
              "type": "number"
            },
            "launchSpeed": {
              "description": "m/s, at launch.",
              "type": "number",
              "minimum": 0
            },
            "launchAngle": {
              "description": "Degrees above the horizontal, at launch.",
              "type": "number",
              "minimum": -90,
              "maximum": 90
            },
            "apexHeight": {
              "description": "Metres gained from launch to apex (from the path, so also when the apex is predicted); absent for a ball that does not rise.",
              "type": "number",
              "minimum": 0
            },
            "flightTime": {
              "description": "Seconds from launch until the path is back at its launch height; absent for a ball that does not rise.",
              "type": "number",
              "minimum": 0
            },
            "horizontalSpeed": {
              "description": "m/s, constant along a parabola.",
              "type": "number",
              "minimum": 0
            },
            "scale": { "$ref": "#/$defs/scale" },
            "measurable": {
              "description": "Whether the figures could be measured; when not, they are absent and `notMeasurableBecause` says why.",
              "type": "boolean"
            },
            "notMeasurableBecause": {
              "description": "Why the figures are absent, in words; present only when `measurable` is false.",
              "type": "string"
            },
            "assumptions": {
              "description": "What the figures assume about the camera and the flight, in words.",
              "type": "array",
              "items": { "type": "string" }
            }
          },
          "if": {
            "properties": { "measurable": { "const": true } }
          },
          "then": {
            "required": ["gravity", "launchSpeed", "launchAngle", "horizontalSpeed"],
            "properties": { "notMeasurableBecause": false }
          },
          "else": {
            "required": ["notMeasurableBecause"],
            "properties": {
              "gravity": false,
              "launchSpeed": false,
              "launchAngle": false,
              "apexHeight": false,
              "flightTime": false,
              "horizontalSpeed": false
            }
          }
        },
        "scale": {
          "description": "The scale this trajectory's figures were computed with, and where it came from.",
          "type": "object",
          "required": ["pixelsPerMetre", "source"],
          "additionalProperties": false,
          "properties": {
            "pixelsPerMetre": {
              "description": "Pixels of the displayed frame per metre.",
              "type": "number",
              "minimum": 0
            },
            "source": {
              "description": "In words: `--pixels-per-metre`, or the ball's diameter and the detected radius at launch it was matched to.",
              "type": "string"
            }
          }
        }
      }
    }

    """#
}
