import BallTrace
