// libcurl as seen from Swift, loaded with dlopen on first use: linking it made every `tunes` command
// map ~30 libraries (TLS, Kerberos, LDAP…) at start, +7 ms CPU and +6 MB RSS before main, for a library
// that only the ListenBrainz client ever calls. Variadic calls (setopt, getinfo) get one typed wrapper
// per argument type, since Swift cannot call variadic C functions.
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

struct tunes_curl_api {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
};

// Function-local statics: a header's file-scope statics are not emitted for Swift, these are.
static inline struct tunes_curl_api *tunes_curl_storage(void) {
    static struct tunes_curl_api api;
    return &api;
}

static inline void tunes_curl_load(void) {
    void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) lib = dlopen("libcurl-gnutls.so.4", RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) return;
    struct tunes_curl_api api;
    api.global_init = (CURLcode (*)(long))dlsym(lib, "curl_global_init");
    api.easy_init = (CURL *(*)(void))dlsym(lib, "curl_easy_init");
    api.easy_cleanup = (void (*)(CURL *))dlsym(lib, "curl_easy_cleanup");
    api.easy_perform = (CURLcode (*)(CURL *))dlsym(lib, "curl_easy_perform");
    api.easy_strerror = (const char *(*)(CURLcode))dlsym(lib, "curl_easy_strerror");
    api.easy_setopt = (CURLcode (*)(CURL *, CURLoption, ...))dlsym(lib, "curl_easy_setopt");
    api.easy_getinfo = (CURLcode (*)(CURL *, CURLINFO, ...))dlsym(lib, "curl_easy_getinfo");
    api.slist_append = (struct curl_slist *(*)(struct curl_slist *, const char *))dlsym(lib, "curl_slist_append");
    api.slist_free_all = (void (*)(struct curl_slist *))dlsym(lib, "curl_slist_free_all");
    // All or nothing: a half-resolved library behaves as a missing one.
    if (!api.global_init || !api.easy_init || !api.easy_cleanup || !api.easy_perform || !api.easy_strerror ||
        !api.easy_setopt || !api.easy_getinfo || !api.slist_append || !api.slist_free_all) return;
    *tunes_curl_storage() = api;
}

/// The loaded functions, or NULL when libcurl cannot be loaded.
static inline const struct tunes_curl_api *tunes_curl(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, tunes_curl_load);
    const struct tunes_curl_api *api = tunes_curl_storage();
    return api->easy_init ? api : NULL;
}

/// False when libcurl.so.4 is not installed (every call below then fails cleanly).
static inline int tunes_curl_available(void) { return tunes_curl() != NULL; }

static inline CURLcode tunes_curl_global_init(long flags) {
    const struct tunes_curl_api *c = tunes_curl();
    return c ? c->global_init(flags) : CURLE_FAILED_INIT;
}
static inline CURL *tunes_curl_easy_init(void) {
    const struct tunes_curl_api *c = tunes_curl();
    return c ? c->easy_init() : NULL;
}
static inline void tunes_curl_easy_cleanup(CURL *h) {
    const struct tunes_curl_api *c = tunes_curl();
    if (c) c->easy_cleanup(h);
}
static inline CURLcode tunes_curl_easy_perform(CURL *h) {
    const struct tunes_curl_api *c = tunes_curl();
    return c ? c->easy_perform(h) : CURLE_FAILED_INIT;
}
static inline const char *tunes_curl_easy_strerror(CURLcode code) {
    const struct tunes_curl_api *c = tunes_curl();
    return c ? c->easy_strerror(code) : "libcurl.so.4 cannot be loaded";
}
static inline struct curl_slist *tunes_curl_slist_append(struct curl_slist *list, const char *line) {
    const struct tunes_curl_api *c = tunes_curl();
    return c ? c->slist_append(list, line) : NULL;
}
static inline void tunes_curl_slist_free_all(struct curl_slist *list) {
    const struct tunes_curl_api *c = tunes_curl();
    if (c) c->slist_free_all(list);
}

static inline CURLcode tunes_curl_setopt_long(CURL *h, CURLoption o, long v) { return tunes_curl()->easy_setopt(h, o, v); }
static inline CURLcode tunes_curl_setopt_str(CURL *h, CURLoption o, const char *v) { return tunes_curl()->easy_setopt(h, o, v); }
static inline CURLcode tunes_curl_setopt_ptr(CURL *h, CURLoption o, void *v) { return tunes_curl()->easy_setopt(h, o, v); }
static inline CURLcode tunes_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return tunes_curl()->easy_setopt(h, o, v); }
static inline CURLcode tunes_curl_setopt_writefn(CURL *h, CURLoption o, curl_write_callback v) { return tunes_curl()->easy_setopt(h, o, v); }
static inline CURLcode tunes_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return tunes_curl()->easy_getinfo(h, i, v); }
static inline CURLcode tunes_curl_getinfo_double(CURL *h, CURLINFO i, double *v) { return tunes_curl()->easy_getinfo(h, i, v); }
