// Process topologies and neighbourhood collectives in a simulation: what
// each rank gets is what OpenMPI 4.1 delivers (the CHECK lines are its
// output of this program at 4, 2 and 9 ranks). SMPI stopped at MPI_Topo_test,
// MPI_Graph_*, MPI_Dist_graph_* and every MPI_Neighbor_* and
// MPI_Ineighbor_* ("Not yet implemented"), divided by zero in MPI_Cart_shift
// on a communicator from MPI_Cart_sub, and made 9 ranks a 9 x 1 grid.
// At 2 ranks the grid's periodic dimension has 2 ranks: both neighbours are
// one rank, and the blocks still pair below with above.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=FOUR
// RUN: %hccsim-run -np 2 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %hccsim-run -np 9 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=NINE
// FOUR: cart 0: none cart cart alltoall 201 200 -1 102 allgather 2 2 -1 1
// FOUR-NEXT: cart 1: none cart cart alltoall 301 300 3 -1 allgather 3 3 0 -1
// FOUR-NEXT: cart 2: none cart cart alltoall 1 0 -1 302 allgather 0 0 -1 3
// FOUR-NEXT: cart 3: none cart cart alltoall 101 100 203 -1 allgather 1 1 2 -1
// FOUR-NEXT: row 0: cart from row -99 1 token 3
// FOUR-NEXT: row 1: cart from row 0 -99 token 0
// FOUR-NEXT: row 2: cart from row -99 3 token 1
// FOUR-NEXT: row 3: cart from row -2 -99 token 2
// FOUR-NEXT: graph 0: graph nodes 3 edges 6 neighbours 2: 1 2 index 2 edges 1 2 got 2.25 1.50
// FOUR-NEXT: graph 1: graph nodes 3 edges 6 neighbours 2: 2 0 index 2 edges 1 2 got 0.25 2.50
// FOUR-NEXT: graph 2: graph nodes 3 edges 6 neighbours 2: 0 1 index 2 edges 1 2 got 1.25 0.50
// FOUR-NEXT: graph 3: not in the graph
// FOUR-NEXT: dist 0: dist in 1 out 1 weighted 1 from 2 (3) to 2 (1) got 20 200 0
// FOUR-NEXT: dist 1: dist in 1 out 1 weighted 1 from 3 (4) to 3 (2) got 30 300 0
// FOUR-NEXT: dist 2: dist in 1 out 1 weighted 1 from 0 (1) to 0 (3) got 0 0 0
// FOUR-NEXT: dist 3: dist in 1 out 1 weighted 1 from 1 (2) to 1 (4) got 10 100 0
// FOUR-NEXT: adjacent 0: dist in 2 out 2 weighted 0 got 1000 0 1000
// FOUR-NEXT: adjacent 1: dist in 2 out 2 weighted 0 got 1001 0 1001
// FOUR-NEXT: adjacent 2: dist in 2 out 2 weighted 0 got 1002 0 1002
// FOUR-NEXT: adjacent 3: dist in 2 out 2 weighted 0 got 1003 0 1003
// FOUR-NEXT: hccsim: mode=simulate
// TWO: cart 0: none cart cart alltoall 101 100 -1 -1 allgather 1 1 -1 -1
// TWO-NEXT: cart 1: none cart cart alltoall 1 0 -1 -1 allgather 0 0 -1 -1
// TWO-NEXT: row 0: cart from row -99 -99 token 1
// TWO-NEXT: row 1: cart from row -99 -99 token 0
// TWO-NEXT: graph 0: graph nodes 2 edges 4 neighbours 2: 1 1 index 2 edges 1 1 got 1.50 1.25
// TWO-NEXT: graph 1: graph nodes 2 edges 4 neighbours 2: 0 0 index 2 edges 1 1 got 0.50 0.25
// TWO-NEXT: dist 0: dist in 1 out 1 weighted 1 from 0 (1) to 0 (1) got 0 0 0
// TWO-NEXT: dist 1: dist in 1 out 1 weighted 1 from 1 (2) to 1 (2) got 10 100 0
// TWO-NEXT: adjacent 0: dist in 2 out 2 weighted 0 got 1000 0 1000
// TWO-NEXT: adjacent 1: dist in 2 out 2 weighted 0 got 1001 0 1001
// TWO-NEXT: hccsim: mode=simulate
// NINE: cart 4: none cart cart alltoall 101 700 303 502 allgather 1 7 3 5
// NINE: row 0: cart from row -99 1 token 8
// NINE-NEXT: row 1: cart from row 0 2 token 0
// NINE-NEXT: row 2: cart from row -1 -99 token 1
// NINE-NEXT: row 3: cart from row -99 4 token 2
// NINE-NEXT: row 4: cart from row -3 5 token 3
// NINE-NEXT: row 5: cart from row -4 -99 token 4
// NINE-NEXT: row 6: cart from row -99 7 token 5
// NINE-NEXT: row 7: cart from row -6 8 token 6
// NINE-NEXT: row 8: cart from row -7 -99 token 7
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE 160
static int rank, size;

// Each rank's line, printed by rank 0 in rank order.
static void report(const char* what, const char* line) {
  char* all = rank == 0 ? malloc((size_t)size * LINE) : NULL;
  char mine[LINE] = {0};
  snprintf(mine, LINE, "%s", line);
  MPI_Gather(mine, LINE, MPI_CHAR, all, LINE, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    for (int r = 0; r < size; ++r) printf("%s %d: %s\n", what, r, all + r * LINE);
    free(all);
  }
}

static const char* kind(MPI_Comm c) {
  int t;
  MPI_Topo_test(c, &t);
  return t == MPI_CART ? "cart" : t == MPI_GRAPH ? "graph" : t == MPI_DIST_GRAPH ? "dist" : "none";
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char line[LINE];

  // A 2-D grid, periodic in its first dimension only.
  int dims[2] = {0, 0}, periods[2] = {1, 0};
  MPI_Dims_create(size, 2, dims);
  MPI_Comm cart, copy;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
  MPI_Comm_dup(cart, &copy);
  int send[4], recv[4] = {-1, -1, -1, -1}, gathered[4] = {-1, -1, -1, -1};
  for (int j = 0; j < 4; ++j) send[j] = 100 * rank + j;
  MPI_Neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, copy);
  MPI_Neighbor_allgather(&rank, 1, MPI_INT, gathered, 1, MPI_INT, cart);
  snprintf(line, LINE, "%s %s %s alltoall %d %d %d %d allgather %d %d %d %d", kind(MPI_COMM_WORLD), kind(cart),
           kind(copy), recv[0], recv[1], recv[2], recv[3], gathered[0], gathered[1], gathered[2], gathered[3]);
  report("cart", line);

  // Its rows, and a nonblocking exchange along them waited for with
  // another request.
  int remain[2] = {0, 1};
  MPI_Comm row;
  MPI_Cart_sub(cart, remain, &row);
  int rsend[2] = {rank, -rank}, rrecv[2] = {-99, -99}, token = -1;
  MPI_Request reqs[2];
  MPI_Ineighbor_alltoall(rsend, 1, MPI_INT, rrecv, 1, MPI_INT, row, &reqs[0]);
  MPI_Irecv(&token, 1, MPI_INT, (rank + size - 1) % size, 5, MPI_COMM_WORLD, &reqs[1]);
  MPI_Send(&rank, 1, MPI_INT, (rank + 1) % size, 5, MPI_COMM_WORLD);
  int done = 0, index;
  while (done < 2) {
    MPI_Waitany(2, reqs, &index, MPI_STATUS_IGNORE);
    ++done;
  }
  snprintf(line, LINE, "%s from row %d %d token %d", kind(row), rrecv[0], rrecv[1], token);
  report("row", line);

  // A graph: a ring where every rank also points at rank 0; the last rank
  // is left out.
  int nnodes = size > 2 ? size - 1 : size;
  int* index_ = malloc(sizeof(int) * (size_t)nnodes);
  int* edges = malloc(sizeof(int) * 3 * (size_t)nnodes);
  int e = 0;
  for (int n = 0; n < nnodes; ++n) {
    edges[e++] = (n + 1) % nnodes;
    edges[e++] = (n + nnodes - 1) % nnodes;
    index_[n] = e;
  }
  MPI_Comm graph;
  MPI_Graph_create(MPI_COMM_WORLD, nnodes, index_, edges, 1, &graph);
  if (graph != MPI_COMM_NULL) {
    int nn, ne, count, nb[4], gi[8], ge[24];
    MPI_Graphdims_get(graph, &nn, &ne);
    MPI_Graph_neighbors_count(graph, rank, &count);
    MPI_Graph_neighbors(graph, rank, 4, nb);
    MPI_Graph_get(graph, 8, 24, gi, ge);
    double out[2] = {rank + 0.5, rank + 0.25}, in[2] = {0, 0};
    int counts[2] = {1, 1}, displs[2] = {1, 0};
    MPI_Neighbor_alltoallv(out, counts, displs, MPI_DOUBLE, in, counts, displs, MPI_DOUBLE, graph);
    snprintf(line, LINE, "%s nodes %d edges %d neighbours %d: %d %d index %d edges %d %d got %.2f %.2f", kind(graph), nn,
             ne, count, nb[0], nb[1], gi[0], ge[0], ge[1], in[0], in[1]);
    MPI_Comm_free(&graph);
  } else {
    snprintf(line, LINE, "not in the graph");
  }
  report("graph", line);

  // A distributed graph each rank gives one edge of: to the rank two
  // ahead, weighted by the sender's rank.
  int src = rank, degree = 1, dst = (rank + 2) % size, weight = rank + 1;
  MPI_Comm dist;
  MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &src, &degree, &dst, &weight, MPI_INFO_NULL, 0, &dist);
  int indeg, outdeg, weighted, sources[4], sw[4], dests[4], dw[4];
  MPI_Dist_graph_neighbors_count(dist, &indeg, &outdeg, &weighted);
  MPI_Dist_graph_neighbors(dist, 4, sources, sw, 4, dests, dw);
  long big[3] = {rank, rank * 10L, rank * 100L}, got[3] = {0, 0, 0};
  MPI_Datatype two;
  MPI_Type_contiguous(2, MPI_LONG, &two);
  MPI_Type_commit(&two);
  int one = 1;
  MPI_Aint sdisp = 8, rdisp = 0;
  MPI_Request req;
  MPI_Ineighbor_alltoallw(big, &one, &sdisp, &two, got, &one, &rdisp, &two, dist, &req);
  int flag = 0;
  while (!flag) MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
  snprintf(line, LINE, "%s in %d out %d weighted %d from %d (%d) to %d (%d) got %ld %ld %ld", kind(dist), indeg,
           outdeg, weighted, sources[0], sw[0], dests[0], dw[0], got[0], got[1], got[2]);
  report("dist", line);

  // Adjacent, unweighted, a rank its own neighbour twice.
  int self[2] = {rank, rank};
  MPI_Comm adj;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, self, MPI_UNWEIGHTED, 2, self, MPI_UNWEIGHTED, MPI_INFO_NULL, 0,
                                 &adj);
  int two_out[2] = {rank, rank + 1000}, two_in[3] = {0, 0, 0}, counts3[2] = {1, 2}, displs3[2] = {2, 0};
  MPI_Request ag;
  MPI_Ineighbor_allgatherv(&two_out[1], 1, MPI_INT, two_in, counts3, displs3, MPI_INT, adj, &ag);
  MPI_Wait(&ag, MPI_STATUS_IGNORE);
  MPI_Dist_graph_neighbors_count(adj, &indeg, &outdeg, &weighted);
  snprintf(line, LINE, "%s in %d out %d weighted %d got %d %d %d", kind(adj), indeg, outdeg, weighted, two_in[0],
           two_in[1], two_in[2]);
  report("adjacent", line);

  MPI_Type_free(&two);
  MPI_Comm_free(&adj);
  MPI_Comm_free(&dist);
  MPI_Comm_free(&row);
  MPI_Comm_free(&copy);
  MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}
