// libopusfile as seen from Swift (Debian: libopusfile-dev). Its header is included as <opusfile.h>
// under the include path pkg-config gives (/usr/include/opus).
#include <opusfile.h>

/// `opus_multistream_decoder_ctl` is variadic, which Swift cannot call: the one request the Opus decoder
/// makes of it, the decoder of one stream inside a multistream decoder (NULL when there is none).
static inline OpusDecoder *tunes_opus_stream_decoder(OpusMSDecoder *decoder, int stream) {
    OpusDecoder *state = NULL;
    if (opus_multistream_decoder_ctl(decoder, OPUS_MULTISTREAM_GET_DECODER_STATE(stream, &state)) != OPUS_OK) return NULL;
    return state;
}
