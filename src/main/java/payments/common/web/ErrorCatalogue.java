package payments.common.web;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.examples.Example;
import org.eclipse.microprofile.openapi.models.media.Schema;
import payments.common.ErrorCode;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts the error catalogue ({@link ErrorCode}) into the OpenAPI document: an {@code Error} schema
 * whose {@code code} lists every code, and one example per code with its HTTP status and meaning.
 */
public class ErrorCatalogue implements OASFilter {

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        Components components = openAPI.getComponents() != null ? openAPI.getComponents() : OASFactory.createComponents();
        openAPI.setComponents(components);
        components.addSchema("Error", errorSchema());
        for (ErrorCode code : ErrorCatalogue.answered()) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("status", code.status());
            body.put("code", code.name());
            body.put("reason", code.meaning());
            body.put("message", code.meaning());
            Example example = OASFactory.createExample().summary(code.status() + " " + code.name()).description(code.meaning())
                    .value(body);
            components.addExample("Error_" + code.name(), example);
        }
    }

    /** The codes answers carry: all but the kinds answered as REFERENCE_NOT_FOUND ({@link ErrorCode#wire}). */
    public static List<ErrorCode> answered() {
        return Arrays.stream(ErrorCode.values()).filter(code -> !code.servedAsReferenceNotFound()).toList();
    }

    private static Schema errorSchema() {
        List<Object> codes = answered().stream().map(ErrorCode::name).map(Object.class::cast).toList();
        return OASFactory.createSchema().addType(Schema.SchemaType.OBJECT)
                .description("Every error answer: the spec's code, reason and details, and the reference's status and message")
                .addProperty("status", OASFactory.createSchema().addType(Schema.SchemaType.INTEGER)
                        .description("The HTTP status"))
                .addProperty("code", OASFactory.createSchema().addType(Schema.SchemaType.STRING).enumeration(codes)
                        .description("One of the error catalogue's codes; the examples Error_<code> give each one's status"))
                .addProperty("reason", OASFactory.createSchema().addType(Schema.SchemaType.STRING))
                .addProperty("message", OASFactory.createSchema().addType(Schema.SchemaType.STRING)
                        .description("The same text as reason"))
                .addProperty("details", OASFactory.createSchema().addType(Schema.SchemaType.OBJECT)
                        .description("details.errors lists every invalid field (field, constraint, message)"))
                .required(List.of("status", "code", "reason", "message"));
    }
}
