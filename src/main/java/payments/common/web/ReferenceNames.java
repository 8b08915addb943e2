package payments.common.web;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The reference interface's names made neutral, as the product spec does: its product name (in prose
 * and in the {@code Grid-Wallet-Signature} and {@code X-Grid-Signature} headers) becomes {@code Svc},
 * and so does the one error code carrying it. The names the spec keeps "as in the interface"
 * ({@code GRID_INTERNAL_ACCOUNT}, {@code CLOSED_BY_GRID}, {@code STABLECOIN_GRID_OPERATIONS_NOT_ENABLED},
 * schema names such as {@code GridError}) are not words of their own and stay.
 */
public final class ReferenceNames {

    private record Rename(Pattern from, String to) {
    }

    private static final List<Rename> RENAMES = List.of(
            new Rename(Pattern.compile("\\bGRID_SWITCH_ERROR\\b"), "SVC_SWITCH_ERROR"),
            new Rename(Pattern.compile("\\bGrid\\b"), "Svc"),
            new Rename(Pattern.compile("\\bLightspark\\b"), "Svc"));

    private ReferenceNames() {
    }

    /** The reference's text with every rename applied. */
    public static String neutral(String referenceText) {
        String text = referenceText;
        for (Rename rename : RENAMES) {
            text = rename.from().matcher(text).replaceAll(rename.to());
        }
        return text;
    }
}
