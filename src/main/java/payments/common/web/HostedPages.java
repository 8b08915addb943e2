package payments.common.web;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.common.ApiException;
import payments.common.RunTimeRandom;

import java.util.Base64;
import java.util.function.Function;

/** The frame of the server's hosted pages (sandbox verification flows): plain HTML, values escaped. */
public final class HostedPages {


    private HostedPages() {
    }

    /** An unguessable URL-safe token for a hosted page's address ({@code bytes} random bytes). */
    public static String newToken(int bytes) {
        byte[] random = new byte[bytes];
        RunTimeRandom.secure().nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }

    /** A page as a 200 HTML response; a refusal on the way is rendered by {@code errorPage} with its status. */
    public static Uni<Response> html(Uni<String> page, Function<ApiException, String> errorPage) {
        return page.map(body -> Response.ok(body, MediaType.TEXT_HTML_TYPE).build())
                .onFailure(ApiException.class).recoverWithItem(failure -> {
                    ApiException error = (ApiException) failure;
                    return Response.status(error.status()).type(MediaType.TEXT_HTML_TYPE).entity(errorPage.apply(error)).build();
                });
    }

    public static String page(String title, String body) {
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title)
                + "</title><meta name=\"viewport\" content=\"width=device-width\"></head><body><h1>" + escape(title)
                + "</h1><p><em>Sandbox page</em></p>" + body + "</body></html>";
    }

    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
