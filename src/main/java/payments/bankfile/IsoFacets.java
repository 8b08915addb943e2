package payments.bankfile;

import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeConstants;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The facets of the official ISO 20022 schemas that money depends on and the schema generated from
 * the library's model does not carry ({@link IsoSchemas}): every amount (an element with a
 * {@code Ccy} attribute) is a plain decimal, zero or above, with at most 18 digits, 5 of them
 * decimals (the official XSD forbids negative amounts); an amount this server books (an entry's,
 * a transaction's, an instructed one) is above zero (a charge may be zero, a booking never); every
 * currency code is three capital letters; every date ({@code Dt}) and date-time ({@code ...DtTm})
 * has its XML Schema form. A file that breaks one is refused whole. Pure.
 */
final class IsoFacets {

    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");
    private static final int TOTAL_DIGITS = 18;
    private static final int FRACTION_DIGITS = 5;
    /** The elements whose {@code Amt} is an amount booked: a camt.054 entry, its transaction, the instructed amount. */
    private static final Set<String> BOOKED_AMOUNT_OF = Set.of("Ntry", "TxDtls", "InstdAmt");

    private IsoFacets() {
    }

    static void check(String xml) throws IsoSchemas.InvalidMessage {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        try {
            DatatypeFactory dates = DatatypeFactory.newInstance();
            XMLStreamReader reader = factory.createXMLStreamReader(new StringReader(xml));
            Deque<String> open = new ArrayDeque<>();
            try {
                while (reader.hasNext()) {
                    int event = reader.next();
                    if (event == XMLStreamConstants.START_ELEMENT) {
                        // Reading an element's text consumes its end: only elements with children stay open.
                        if (!element(reader, dates, open.peek())) {
                            open.push(reader.getLocalName());
                        }
                    } else if (event == XMLStreamConstants.END_ELEMENT) {
                        open.poll();
                    }
                }
            } finally {
                reader.close();
            }
        } catch (XMLStreamException | DatatypeConfigurationException e) {
            throw new IsoSchemas.InvalidMessage(e.getMessage());
        }
    }

    /** Checks one element; true when it was a text element this read to its end. */
    private static boolean element(XMLStreamReader reader, DatatypeFactory dates, String parent)
            throws XMLStreamException, IsoSchemas.InvalidMessage {
        String name = reader.getLocalName();
        String currency = reader.getAttributeValue(null, "Ccy");
        if (currency != null) {
            currency(name, currency);
            amount(name, reader.getElementText().strip(), "Amt".equals(name) && BOOKED_AMOUNT_OF.contains(parent));
        } else if ("Ccy".equals(name)) {
            currency(name, reader.getElementText().strip());
        } else if ("Dt".equals(name) && !"Bal".equals(parent)) {
            // A statement balance's Dt is the choice of a date or a date and time, checked as its child.
            date(dates, name, reader.getElementText().strip(), DatatypeConstants.DATE);
        } else if (name.endsWith("DtTm")) {
            date(dates, name, reader.getElementText().strip(), DatatypeConstants.DATETIME);
        } else {
            return false;
        }
        return true;
    }

    private static void currency(String element, String code) throws IsoSchemas.InvalidMessage {
        if (!CURRENCY.matcher(code).matches()) {
            throw refused(element, "currency code '" + bounded(code) + "' is not three capital letters");
        }
    }

    private static void amount(String element, String text, boolean booked) throws IsoSchemas.InvalidMessage {
        if (!DECIMAL.matcher(text).matches()) {
            throw refused(element, "amount '" + bounded(text) + "' is not a plain decimal, zero or above");
        }
        BigDecimal amount = new BigDecimal(text);
        if (booked && amount.signum() <= 0) {
            throw refused(element, "booked amount " + text + " is not above zero");
        }
        BigDecimal significant = amount.stripTrailingZeros();
        if (significant.scale() > FRACTION_DIGITS || significant.precision() - Math.min(significant.scale(), 0) > TOTAL_DIGITS) {
            throw refused(element, "amount " + bounded(text) + " has more than " + TOTAL_DIGITS + " digits or "
                    + FRACTION_DIGITS + " decimals");
        }
    }

    private static void date(DatatypeFactory dates, String element, String text, QName type) throws IsoSchemas.InvalidMessage {
        try {
            XMLGregorianCalendar value = dates.newXMLGregorianCalendar(text);
            if (!type.equals(value.getXMLSchemaType())) {
                throw new IllegalArgumentException("another type");
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw refused(element, "'" + bounded(text) + "' is not an ISO " + (type == DatatypeConstants.DATE ? "date" : "date and time"));
        }
    }

    private static IsoSchemas.InvalidMessage refused(String element, String why) {
        return new IsoSchemas.InvalidMessage("Element " + element + ": " + why);
    }

    private static String bounded(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }
}
