package payments.common.web;

/** The frame of the server's hosted pages (sandbox verification flows): plain HTML, values escaped. */
public final class HostedPages {

    private HostedPages() {
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
