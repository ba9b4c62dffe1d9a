// Device-side dynamic memory: malloc/free, new/delete (decision D10-1).
// Each thread builds a list of its own, a block shares one allocation made by thread 0,
// and an allocation larger than the heap returns NULL.
struct Item { int key; Item* next; };

__global__ void per_thread_scratch(const int* in, int* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int len = 1 + t % 7;
    int* scratch = static_cast<int*>(malloc(len * sizeof(int)));
    if (scratch == nullptr) { out[t] = -1; return; }
    for (int k = 0; k < len; ++k) scratch[k] = in[(t + k) % n] * (k + 1);
    int acc = 0;
    for (int k = len - 1; k >= 0; --k) acc = acc * 3 + scratch[k];
    free(scratch);
    out[t] = acc;
}

__global__ void linked_lists(int* out)
{
    Item* head = nullptr;
    int count = threadIdx.x % 5 + 2;
    for (int k = 0; k < count; ++k) {
        Item* it = new Item;
        it->key = k * k + threadIdx.x;
        it->next = head;
        head = it;
    }
    int sum = 0, pos = 1;
    while (head != nullptr) {            // the newest first
        sum += pos++ * head->key;
        Item* dead = head;
        head = head->next;
        delete dead;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void block_buffer(int* out, unsigned long long huge)
{
    __shared__ int* buf;
    if (threadIdx.x == 0) buf = static_cast<int*>(malloc(blockDim.x * sizeof(int)));
    __syncthreads();
    buf[threadIdx.x] = threadIdx.x * (blockIdx.x + 2);
    __syncthreads();
    int v = buf[blockDim.x - 1 - threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) free(buf);
    void* none = malloc(huge);           // more than the heap: NULL
    out[blockIdx.x * blockDim.x + threadIdx.x] = none == nullptr ? v : -1;
}
