// Defines the arrays that unbounded-extern.cpp declares without their bound.
double field[4] = {1.5, 2.5, 3.5, 4.5};
int steps = 3;
