/* One test per instruction-set extension: PROBE_<NAME> selects it. The program executes an
   instruction of that extension and prints its result, so it exits 0 only where the host
   (CPU, kernel and hypervisor together) really lets that instruction run; otherwise it dies
   by a signal (SIGILL, or SIGSEGV for a tile instruction a hypervisor does not allow). */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#if defined(PROBE_AMX_TILE) || defined(PROBE_AMX_INT8) || defined(PROBE_AMX_BF16)
#include <sys/syscall.h>
#include <unistd.h>
#define ARCH_REQ_XCOMP_PERM 0x1023
#define XFEATURE_XTILEDATA 18
struct tile_config { uint8_t palette; uint8_t start_row; uint8_t reserved[14];
                     uint16_t colsb[16]; uint8_t rows[16]; };
static void tiles_on(void) {
    if (syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA) != 0) {
        puts("arch_prctl refused"); _exit(3); }
    static struct tile_config cfg __attribute__((aligned(64)));
    memset(&cfg, 0, sizeof cfg);
    cfg.palette = 1;
    for (int i = 0; i < 3; i++) { cfg.rows[i] = 16; cfg.colsb[i] = 64; }
    _tile_loadconfig(&cfg);
}
#endif

static volatile int seed = 3;
static float fbuf[16] __attribute__((aligned(64)));
static int32_t ibuf[16] __attribute__((aligned(64)));

int main(void) {
    int32_t s = seed;
    for (int i = 0; i < 16; i++) { fbuf[i] = (float)(i + s); ibuf[i] = i + s; }
    double out = 0;
#if defined(PROBE_SSE42)
    out = _mm_crc32_u32((unsigned)s, 7u);
#elif defined(PROBE_AVX)
    __m256 a = _mm256_load_ps(fbuf); _mm256_store_ps(fbuf, _mm256_add_ps(a, a)); out = fbuf[1];
#elif defined(PROBE_AVX2)
    __m256i a = _mm256_load_si256((const __m256i *)ibuf);
    _mm256_store_si256((__m256i *)ibuf, _mm256_add_epi32(a, a)); out = ibuf[1];
#elif defined(PROBE_FMA)
    __m256 a = _mm256_load_ps(fbuf); _mm256_store_ps(fbuf, _mm256_fmadd_ps(a, a, a)); out = fbuf[1];
#elif defined(PROBE_F16C)
    __m128i h = _mm_set1_epi16((short)(0x3c00 + s));
    _mm256_store_ps(fbuf, _mm256_cvtph_ps(h)); out = fbuf[0];
#elif defined(PROBE_BMI2)
    out = _pdep_u32((unsigned)s, 0xf0f0u);
#elif defined(PROBE_AVX_VNNI)
    __m256i a = _mm256_load_si256((const __m256i *)ibuf);
    _mm256_store_si256((__m256i *)ibuf, _mm256_dpbusd_avx_epi32(a, a, a)); out = ibuf[1];
#elif defined(PROBE_AVX512)
    __m512i a = _mm512_load_si512(ibuf);
    __m512i b = _mm512_add_epi8(_mm512_conflict_epi32(a), a);                 /* F, CD, BW */
    __m256 v = _mm256_mask_add_ps(_mm256_load_ps(fbuf), 0x5, _mm256_load_ps(fbuf),
                                  _mm256_load_ps(fbuf));                       /* VL */
    __m512d d = _mm512_cvtepi64_pd(b);                                          /* DQ */
    _mm512_store_si512(ibuf, b); _mm256_store_ps(fbuf, v);
    out = ibuf[1] + fbuf[0] + _mm512_reduce_add_pd(d);
#elif defined(PROBE_AVX512_VBMI)
    __m512i a = _mm512_load_si512(ibuf);
    _mm512_store_si512(ibuf, _mm512_permutexvar_epi8(a, a)); out = ibuf[1];
#elif defined(PROBE_AVX512_VNNI)
    __m512i a = _mm512_load_si512(ibuf);
    _mm512_store_si512(ibuf, _mm512_dpbusd_epi32(a, a, a)); out = ibuf[1];
#elif defined(PROBE_AVX512_BF16)
    __m512 a = _mm512_load_ps(fbuf);
    __m512bh b = _mm512_cvtne2ps_pbh(a, a);
    _mm512_store_ps(fbuf, _mm512_dpbf16_ps(a, b, b)); out = fbuf[1];
#elif defined(PROBE_AMX_TILE)
    tiles_on(); _tile_zero(0); _tile_stored(0, ibuf, 64); _tile_release(); out = ibuf[0] + s;
#elif defined(PROBE_AMX_INT8)
    static int8_t m[16 * 64] __attribute__((aligned(64)));
    static int32_t r[16 * 16] __attribute__((aligned(64)));
    for (int i = 0; i < 16 * 64; i++) m[i] = (int8_t)(i + s);
    tiles_on(); _tile_zero(0); _tile_loadd(1, m, 64); _tile_loadd(2, m, 64);
    _tile_dpbssd(0, 1, 2); _tile_stored(0, r, 64); _tile_release(); out = r[5];
#elif defined(PROBE_AMX_BF16)
    static uint16_t m[16 * 32] __attribute__((aligned(64)));
    static float r[16 * 16] __attribute__((aligned(64)));
    for (int i = 0; i < 16 * 32; i++) m[i] = (uint16_t)(0x3f80 + (i & 7) + s);
    tiles_on(); _tile_zero(0); _tile_loadd(1, m, 64); _tile_loadd(2, m, 64);
    _tile_dpbf16ps(0, 1, 2); _tile_stored(0, r, 64); _tile_release(); out = r[5];
#else
#error "define one PROBE_<NAME>"
#endif
    printf("%g\n", out);
    return 0;
}
