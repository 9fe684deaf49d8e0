/* A program's own header that brings MPI in, as LULESH's lulesh.h does. */
#if USE_MPI
#include <mpi.h>
#endif
