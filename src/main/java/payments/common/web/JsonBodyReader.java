package payments.common.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import payments.common.JsonBodies;
import payments.common.JsonBody;

import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * Reads a resource's {@code JsonBody<SomeRequest>} parameter: the JSON tree with the same mapper, limits
 * and errors as any JSON body (malformed JSON is 400 INVALID_REQUEST_FORMAT before the resource runs),
 * and the request record named by the parameter's type argument.
 */
@Provider
@Consumes(MediaType.APPLICATION_JSON)
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
        JsonNode tree = mapper.readTree(entity);
        // No body at all reads as a missing node: the request has none.
        return new JsonBody(tree == null || tree.isMissingNode() ? null : tree, request, binder);
    }
}
