package payments.common.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import payments.common.ApiException;
import payments.common.FieldError;
import payments.common.FieldError.Constraint;
import payments.common.NulCharacters;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Text the database cannot store, refused at the edge with 400 and every offending field named:
 * control characters in the path or a query parameter (no id, filter or cursor contains one), and
 * the NUL character in any string of a JSON body (PostgreSQL text cannot hold it; other control
 * characters, such as a line break in a description, are text like any other).
 */
@Provider
public class ControlCharacters implements ReaderInterceptor {

    private static final Constraint NO_CONTROL_CHARACTERS = Constraint.pattern("^[^\\x00-\\x1F\\x7F]*$");

    private final ObjectMapper mapper;

    public ControlCharacters(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @ServerRequestFilter(preMatching = true)
    public void refuseInUrl(ContainerRequestContext request) {
        List<FieldError> errors = new ArrayList<>();
        if (hasControlCharacter(request.getUriInfo().getPath())) {
            errors.add(new FieldError("path", NO_CONTROL_CHARACTERS, "The path must not contain control characters"));
        }
        for (Map.Entry<String, List<String>> parameter : request.getUriInfo().getQueryParameters().entrySet()) {
            if (hasControlCharacter(parameter.getKey()) || parameter.getValue().stream().anyMatch(ControlCharacters::hasControlCharacter)) {
                errors.add(new FieldError(parameter.getKey(), NO_CONTROL_CHARACTERS, "Must not contain control characters"));
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        Object body = context.proceed();
        if (body == null || !MediaType.APPLICATION_JSON_TYPE.isCompatible(context.getMediaType())) {
            return body;
        }
        JsonNode tree = treeOf(body);
        List<FieldError> errors = NulCharacters.in(tree);
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return body;
    }

    /** The body as a tree; a text body that is not JSON is left to its resource to refuse. */
    private JsonNode treeOf(Object body) {
        if (body instanceof JsonNode node) {
            return node;
        }
        if (body instanceof payments.common.JsonBody<?> json) {
            return json.tree();
        }
        if (body instanceof String text) {
            try {
                return mapper.readTree(text);
            } catch (JsonProcessingException e) {
                return null;
            }
        }
        return mapper.valueToTree(body);
    }

    private static boolean hasControlCharacter(String text) {
        return text.chars().anyMatch(c -> c < 0x20 || c == 0x7F);
    }
}
