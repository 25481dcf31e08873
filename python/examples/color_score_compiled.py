"""ColorScorePlayer compiled: color_score.py's move function, unchanged, as native code that
every thread calls without the interpreter lock (ratrace.compiled needs Numba)."""
import color_score

import ratrace

move = ratrace.compiled(color_score.move)
