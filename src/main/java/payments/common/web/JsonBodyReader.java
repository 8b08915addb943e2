package payments.common.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.JsonBodies;
import payments.common.JsonBody;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * Reads a resource's {@code JsonBody<SomeRequest>} parameter: the JSON tree with the same mapper, limits
 * and errors as any JSON body (malformed JSON, or text that is not valid UTF-8, is 400
 * INVALID_REQUEST_FORMAT before the resource runs), and the request record named by the parameter's
 * type argument. An empty body is no body, whatever its media type (an operation whose body is
 * optional takes a bare POST); any other body must be JSON: 415 otherwise.
 */
@Provider
@Consumes(MediaType.WILDCARD)
public class JsonBodyReader implements MessageBodyReader<JsonBody<?>> {

    private final ObjectMapper mapper;
    private final JsonBodies binder;

    public JsonBodyReader(ObjectMapper mapper, JsonBodies binder) {
        this.mapper = mapper;
        this.binder = binder;
    }

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type == JsonBody.class && genericType instanceof ParameterizedType parameterized
                && parameterized.getActualTypeArguments()[0] instanceof Class<?>;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public JsonBody<?> readFrom(Class<JsonBody<?>> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                                MultivaluedMap<String, String> headers, InputStream entity) throws IOException {
        Class<?> request = (Class<?>) ((ParameterizedType) genericType).getActualTypeArguments()[0];
        PushbackInputStream in = new PushbackInputStream(entity, 1);
        int first = in.read();
        while (first == ' ' || first == '\t' || first == '\n' || first == '\r') {
            first = in.read();
        }
        if (first < 0) {
            return new JsonBody(null, request, binder);
        }
        if (!isJson(mediaType)) {
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "A body here must be JSON (Content-Type: application/json), not "
                    + (mediaType == null ? "one without a Content-Type" : mediaType.getType() + "/" + mediaType.getSubtype()));
        }
        in.unread(first);
        // Read from the bytes, so text that is not UTF-8 is refused rather than decoded with replacement characters.
        return new JsonBody(mapper.readTree(in), request, binder);
    }

    private static boolean isJson(MediaType mediaType) {
        return mediaType != null && "application".equalsIgnoreCase(mediaType.getType())
                && ("json".equalsIgnoreCase(mediaType.getSubtype()) || mediaType.getSubtype().toLowerCase(java.util.Locale.ROOT).endsWith("+json"));
    }
}
