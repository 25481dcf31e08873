#pragma once
// MORPION.md's worked example (a 135-move game): its code and its layer 0, each move with
// the bit the game gives it.
#include <string>
#include <vector>

namespace morpion {

inline const std::string kWorkedExampleCode = "BBYqjXKmCREUk9zxEuXW3nx3v/u/x/JvuX+9P70";

inline const std::vector<std::string> kWorkedExampleLayer0 = {
    "-1,3 (-1,3,e):0", "-1,6 (-1,6,e):0", "0,2 (0,2,s):0",   "0,7 (0,3,s):0",  "2,0 (2,0,e):0",   "2,2 (0,4,ne):1",
    "2,7 (0,5,se):0",  "2,9 (2,9,e):0",   "3,-1 (3,-1,s):0", "3,4 (3,0,s):0",  "3,5 (3,5,s):0",   "3,10 (3,6,s):1",
    "4,3 (0,3,e):0",   "4,6 (0,6,e):1",   "5,3 (5,3,e):1",   "5,6 (5,6,e):0",  "6,-1 (6,-1,s):0", "6,4 (6,0,s):0",
    "6,5 (6,5,s):1",   "6,10 (6,6,s):0",  "7,0 (3,0,e):1",   "7,2 (5,0,se):0", "7,7 (5,9,ne):1",  "7,9 (3,9,e):0",
    "9,2 (9,2,s):1",   "9,7 (9,3,s):0",   "10,3 (6,3,e):0",  "10,6 (6,6,e):0"};

}  // namespace morpion
