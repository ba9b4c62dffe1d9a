// Rodinia-style BFS: one frontier step in two kernels (graph as CSR of node structs)
struct Node { int starting; int no_of_edges; };
extern "C" __global__ void bfs_k1(const Node *g_graph_nodes, const int *g_graph_edges, bool *g_graph_mask,
                                  bool *g_updating_graph_mask, const bool *g_graph_visited, int *g_cost, int no_of_nodes)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < no_of_nodes && g_graph_mask[tid]) {
        g_graph_mask[tid] = false;
        for (int i = g_graph_nodes[tid].starting; i < (g_graph_nodes[tid].no_of_edges + g_graph_nodes[tid].starting); i++) {
            int id = g_graph_edges[i];
            if (!g_graph_visited[id]) {
                g_cost[id] = g_cost[tid] + 1;
                g_updating_graph_mask[id] = true;
            }
        }
    }
}
extern "C" __global__ void bfs_k2(bool *g_graph_mask, bool *g_updating_graph_mask, bool *g_graph_visited, bool *g_over, int no_of_nodes)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < no_of_nodes && g_updating_graph_mask[tid]) {
        g_graph_mask[tid] = true;
        g_graph_visited[tid] = true;
        *g_over = true;
        g_updating_graph_mask[tid] = false;
    }
}
// the whole BFS in one CTA: loop until the frontier is empty, frontier queue in shared memory
extern "C" __global__ void bfs_block(const int *row, const int *col, int *level, int n, int src)
{
    __shared__ int q[2][256];
    __shared__ int qn[2];
    for (int i = threadIdx.x; i < n; i += blockDim.x) level[i] = -1;
    if (threadIdx.x == 0) { q[0][0] = src; qn[0] = 1; qn[1] = 0; level[src] = 0; }
    __syncthreads();
    int cur = 0, depth = 0;
    while (qn[cur] > 0) {
        for (int k = threadIdx.x; k < qn[cur]; k += blockDim.x) {
            int v = q[cur][k];
            for (int e = row[v]; e < row[v + 1]; ++e) {
                int u = col[e];
                if (atomicCAS(&level[u], -1, depth + 1) == -1) {
                    int pos = atomicAdd(&qn[cur ^ 1], 1);
                    q[cur ^ 1][pos] = u;
                }
            }
        }
        __syncthreads();
        if (threadIdx.x == 0) qn[cur] = 0;
        cur ^= 1; depth++;
        __syncthreads();
    }
}
