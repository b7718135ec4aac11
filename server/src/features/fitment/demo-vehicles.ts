import { FUELS, type Fuel } from '@proper-parts/domain/fitment';

/**
 * The demo's vehicle list (issue 20): 30 makes sold in North America, their common models, the
 * model years each was sold in between 1995 and 2026, and their engines by period. Makes, models
 * and engines are facts and may be named; the years and engine codes are approximately right
 * (a generation's engines are listed for its whole run, and a rare trim's engine is left out).
 *
 * Each model is a list of periods, "from-to: engine, engine": an engine is its label as buyers
 * read it ("1.8L L4", "2.4L L4 Turbo Hybrid"), then "/" and the maker's engine code where it is
 * well known. The fuel follows from the label: "Diesel", "Hybrid" (plug-in too), "Electric", else
 * gas. Within one year and model, no two engines share a label: the selector's last step shows it.
 */
export const FIRST_DEMO_YEAR = 1995;
export const LAST_DEMO_YEAR = 2026;

type Models = Record<string, readonly string[]>;

const toyota: Models = {
  Corolla: [
    '1995-1997: 1.6L L4/4A-FE, 1.8L L4/7A-FE',
    '1998-2008: 1.8L L4/1ZZ-FE',
    '2009-2013: 1.8L L4/2ZR-FE, 2.4L L4/2AZ-FE',
    '2014-2019: 1.8L L4/2ZR-FE',
    '2020-2026: 1.8L L4/2ZR-FAE, 2.0L L4/M20A-FKS, 1.8L L4 Hybrid/2ZR-FXE',
  ],
  Camry: [
    '1995-2001: 2.2L L4/5S-FE, 3.0L V6/1MZ-FE',
    '2002-2006: 2.4L L4/2AZ-FE, 3.0L V6/1MZ-FE, 3.3L V6/3MZ-FE',
    '2007-2011: 2.4L L4/2AZ-FE, 3.5L V6/2GR-FE, 2.4L L4 Hybrid/2AZ-FXE',
    '2012-2017: 2.5L L4/2AR-FE, 3.5L V6/2GR-FE, 2.5L L4 Hybrid/2AR-FXE',
    '2018-2024: 2.5L L4/A25A-FKS, 3.5L V6/2GR-FKS, 2.5L L4 Hybrid/A25A-FXS',
    '2025-2026: 2.5L L4 Hybrid/A25A-FXS',
  ],
  RAV4: [
    '1996-2000: 2.0L L4/3S-FE',
    '2001-2005: 2.0L L4/1AZ-FE, 2.4L L4/2AZ-FE',
    '2006-2008: 2.4L L4/2AZ-FE, 3.5L V6/2GR-FE',
    '2009-2012: 2.5L L4/2AR-FE, 3.5L V6/2GR-FE',
    '2013-2015: 2.5L L4/2AR-FE',
    '2016-2018: 2.5L L4/2AR-FE, 2.5L L4 Hybrid/2AR-FXE',
    '2019-2026: 2.5L L4/A25A-FKS, 2.5L L4 Hybrid/A25A-FXS, 2.5L L4 Plug-in Hybrid/A25A-FXS',
  ],
  Tacoma: [
    '1995-2004: 2.4L L4/2RZ-FE, 2.7L L4/3RZ-FE, 3.4L V6/5VZ-FE',
    '2005-2015: 2.7L L4/2TR-FE, 4.0L V6/1GR-FE',
    '2016-2023: 2.7L L4/2TR-FE, 3.5L V6/2GR-FKS',
    '2024-2026: 2.4L L4 Turbo/T24A-FTS, 2.4L L4 Turbo Hybrid/T24A-FTS',
  ],
  Tundra: [
    '2000-2006: 3.4L V6/5VZ-FE, 4.7L V8/2UZ-FE',
    '2007-2009: 4.0L V6/1GR-FE, 4.7L V8/2UZ-FE, 5.7L V8/3UR-FE',
    '2010-2014: 4.0L V6/1GR-FE, 4.6L V8/1UR-FE, 5.7L V8/3UR-FE',
    '2015-2019: 4.6L V8/1UR-FE, 5.7L V8/3UR-FE',
    '2020-2021: 5.7L V8/3UR-FE',
    '2022-2026: 3.4L V6 Turbo/V35A-FTS, 3.4L V6 Turbo Hybrid/V35A-FTS',
  ],
  Highlander: [
    '2001-2003: 2.4L L4/2AZ-FE, 3.0L V6/1MZ-FE',
    '2004-2007: 2.4L L4/2AZ-FE, 3.3L V6/3MZ-FE',
    '2008-2013: 2.7L L4/1AR-FE, 3.5L V6/2GR-FE, 3.3L V6 Hybrid/3MZ-FE',
    '2014-2019: 2.7L L4/1AR-FE, 3.5L V6/2GR-FE, 3.5L V6 Hybrid/2GR-FXE',
    '2020-2022: 3.5L V6/2GR-FKS, 2.5L L4 Hybrid/A25A-FXS',
    '2023-2026: 2.4L L4 Turbo/T24A-FTS, 2.5L L4 Hybrid/A25A-FXS',
  ],
  Prius: [
    '2001-2009: 1.5L L4 Hybrid/1NZ-FXE',
    '2010-2022: 1.8L L4 Hybrid/2ZR-FXE',
    '2023-2026: 2.0L L4 Hybrid/M20A-FXS',
  ],
  '4Runner': [
    '1996-2002: 2.7L L4/3RZ-FE, 3.4L V6/5VZ-FE',
    '2003-2009: 4.0L V6/1GR-FE, 4.7L V8/2UZ-FE',
    '2010-2024: 4.0L V6/1GR-FE',
    '2025-2026: 2.4L L4 Turbo/T24A-FTS, 2.4L L4 Turbo Hybrid/T24A-FTS',
  ],
  Sienna: [
    '1998-2003: 3.0L V6/1MZ-FE',
    '2004-2006: 3.3L V6/3MZ-FE',
    '2007-2016: 3.5L V6/2GR-FE',
    '2017-2020: 3.5L V6/2GR-FKS',
    '2021-2026: 2.5L L4 Hybrid/A25A-FXS',
  ],
  Avalon: [
    '1995-2004: 3.0L V6/1MZ-FE',
    '2005-2012: 3.5L V6/2GR-FE',
    '2013-2018: 3.5L V6/2GR-FE, 2.5L L4 Hybrid/2AR-FXE',
    '2019-2022: 3.5L V6/2GR-FKS, 2.5L L4 Hybrid/A25A-FXS',
  ],
  Yaris: ['2007-2018: 1.5L L4/1NZ-FE', '2019-2020: 1.5L L4/P5-VPS'],
};

const honda: Models = {
  Civic: [
    '1996-2000: 1.6L L4/D16Y7, 1.6L L4 VTEC/D16Y8',
    '2001-2005: 1.7L L4/D17A2, 2.0L L4/K20A3',
    '2006-2011: 1.8L L4/R18A1, 2.0L L4/K20Z3, 1.3L L4 Hybrid/LDA3',
    '2012-2015: 1.8L L4/R18Z1, 2.4L L4/K24Z7, 1.5L L4 Hybrid/LEA1',
    '2016-2026: 2.0L L4/K20C2, 1.5L L4 Turbo/L15B7, 2.0L L4 Turbo/K20C1',
  ],
  Accord: [
    '1995-1997: 2.2L L4/F22B1, 2.7L V6/C27A4',
    '1998-2002: 2.3L L4/F23A1, 3.0L V6/J30A1',
    '2003-2007: 2.4L L4/K24A4, 3.0L V6/J30A4',
    '2008-2012: 2.4L L4/K24Z2, 3.5L V6/J35Z2',
    '2013-2017: 2.4L L4/K24W1, 3.5L V6/J35Y1, 2.0L L4 Hybrid/LFA1',
    '2018-2022: 1.5L L4 Turbo/L15BE, 2.0L L4 Turbo/K20C4, 2.0L L4 Hybrid/LFB',
    '2023-2026: 1.5L L4 Turbo/L15BE, 2.0L L4 Hybrid/LFC',
  ],
  'CR-V': [
    '1997-2001: 2.0L L4/B20B',
    '2002-2006: 2.4L L4/K24A1',
    '2007-2011: 2.4L L4/K24Z1',
    '2012-2016: 2.4L L4/K24Z6',
    '2017-2019: 2.4L L4/K24V5, 1.5L L4 Turbo/L15BE',
    '2020-2022: 1.5L L4 Turbo/L15BE, 2.0L L4 Hybrid/LFB',
    '2023-2026: 1.5L L4 Turbo/L15BE, 2.0L L4 Hybrid/LFC',
  ],
  Pilot: [
    '2003-2008: 3.5L V6/J35A',
    '2009-2015: 3.5L V6/J35Z4',
    '2016-2022: 3.5L V6/J35Y6',
    '2023-2026: 3.5L V6/J35Y8',
  ],
  Odyssey: [
    '1995-1998: 2.2L L4/F22B6',
    '1999-2004: 3.5L V6/J35A1',
    '2005-2010: 3.5L V6/J35A7',
    '2011-2017: 3.5L V6/J35Z8',
    '2018-2026: 3.5L V6/J35Y6',
  ],
  Fit: ['2007-2008: 1.5L L4/L15A1', '2009-2014: 1.5L L4/L15A7', '2015-2020: 1.5L L4/L15B1'],
  'HR-V': ['2016-2022: 1.8L L4/R18Z9', '2023-2026: 2.0L L4/K20C5'],
  Ridgeline: ['2006-2014: 3.5L V6/J35Z5', '2017-2026: 3.5L V6/J35Y6'],
  Element: ['2003-2011: 2.4L L4/K24A4'],
  Prelude: ['1997-2001: 2.2L L4/H22A4'],
  Passport: ['2019-2026: 3.5L V6/J35Y6'],
};

const ford: Models = {
  'F-150': [
    '1995-1996: 4.9L L6/300, 5.0L V8/302, 5.8L V8/351W',
    '1997-2003: 4.2L V6/Essex, 4.6L V8/Modular, 5.4L V8/Triton',
    '2004-2010: 4.2L V6/Essex, 4.6L V8/Modular, 5.4L V8/Triton 3V',
    '2011-2014: 3.7L V6/Cyclone, 3.5L V6 Turbo/EcoBoost, 5.0L V8/Coyote, 6.2L V8/Boss',
    '2015-2017: 3.5L V6/Cyclone, 2.7L V6 Turbo/EcoBoost, 3.5L V6 Turbo/EcoBoost, 5.0L V8/Coyote',
    '2018-2020: 3.3L V6/Cyclone, 2.7L V6 Turbo/EcoBoost, 3.5L V6 Turbo/EcoBoost, 5.0L V8/Coyote, 3.0L V6 Turbo Diesel/Power Stroke',
    '2021-2026: 3.3L V6/Cyclone, 2.7L V6 Turbo/EcoBoost, 3.5L V6 Turbo/EcoBoost, 5.0L V8/Coyote, 3.5L V6 Turbo Hybrid/PowerBoost',
  ],
  'F-150 Lightning': ['2022-2026: Electric Dual Motor'],
  Mustang: [
    '1995: 3.8L V6/Essex, 5.0L V8/Windsor',
    '1996-2004: 3.8L V6/Essex, 4.6L V8/Modular',
    '2005-2010: 4.0L V6/Cologne, 4.6L V8/Modular 3V',
    '2011-2014: 3.7L V6/Cyclone, 5.0L V8/Coyote',
    '2015-2017: 3.7L V6/Cyclone, 2.3L L4 Turbo/EcoBoost, 5.0L V8/Coyote',
    '2018-2026: 2.3L L4 Turbo/EcoBoost, 5.0L V8/Coyote',
  ],
  Focus: [
    '2000-2004: 2.0L L4/Zetec',
    '2005-2011: 2.0L L4/Duratec 20',
    '2012-2018: 2.0L L4/Duratec GDI, 2.0L L4 Turbo/EcoBoost, Electric',
  ],
  Escape: [
    '2001-2004: 2.0L L4/Zetec, 3.0L V6/Duratec 30',
    '2005-2008: 2.3L L4/Duratec 23, 3.0L V6/Duratec 30, 2.3L L4 Hybrid/Duratec 23',
    '2009-2012: 2.5L L4/Duratec 25, 3.0L V6/Duratec 30, 2.5L L4 Hybrid/Duratec 25',
    '2013-2016: 2.5L L4/Duratec 25, 1.6L L4 Turbo/EcoBoost, 2.0L L4 Turbo/EcoBoost',
    '2017-2019: 2.5L L4/Duratec 25, 1.5L L4 Turbo/EcoBoost, 2.0L L4 Turbo/EcoBoost',
    '2020-2026: 1.5L L3 Turbo/EcoBoost, 2.0L L4 Turbo/EcoBoost, 2.5L L4 Hybrid, 2.5L L4 Plug-in Hybrid',
  ],
  Explorer: [
    '1995-2001: 4.0L V6/Cologne, 5.0L V8/Windsor',
    '2002-2010: 4.0L V6/Cologne SOHC, 4.6L V8/Modular',
    '2011-2015: 3.5L V6/Cyclone, 2.0L L4 Turbo/EcoBoost',
    '2016-2019: 3.5L V6/Cyclone, 2.3L L4 Turbo/EcoBoost, 3.5L V6 Turbo/EcoBoost',
    '2020-2026: 2.3L L4 Turbo/EcoBoost, 3.0L V6 Turbo/EcoBoost, 3.3L V6 Hybrid',
  ],
  Ranger: [
    '1995-2000: 2.5L L4/Lima, 3.0L V6/Vulcan, 4.0L V6/Cologne',
    '2001-2011: 2.3L L4/Duratec 23, 3.0L V6/Vulcan, 4.0L V6/Cologne SOHC',
    '2019-2023: 2.3L L4 Turbo/EcoBoost',
    '2024-2026: 2.3L L4 Turbo/EcoBoost, 2.7L V6 Turbo/EcoBoost, 3.0L V6 Turbo/EcoBoost',
  ],
  Fusion: [
    '2006-2009: 2.3L L4/Duratec 23, 3.0L V6/Duratec 30',
    '2010-2012: 2.5L L4/Duratec 25, 3.0L V6/Duratec 30, 3.5L V6/Duratec 35, 2.5L L4 Hybrid/Duratec 25',
    '2013-2020: 2.5L L4/Duratec 25, 1.5L L4 Turbo/EcoBoost, 2.0L L4 Turbo/EcoBoost, 2.0L L4 Hybrid, 2.0L L4 Plug-in Hybrid',
  ],
  Expedition: [
    '1997-2002: 4.6L V8/Modular, 5.4L V8/Triton',
    '2003-2014: 5.4L V8/Triton 3V',
    '2015-2026: 3.5L V6 Turbo/EcoBoost',
  ],
  Taurus: [
    '1995-2007: 3.0L V6/Vulcan, 3.0L V6 DOHC/Duratec 30',
    '2008-2009: 3.5L V6/Duratec 35',
    '2010-2019: 3.5L V6/Duratec 35, 3.5L V6 Turbo/EcoBoost, 2.0L L4 Turbo/EcoBoost',
  ],
};

const chevrolet: Models = {
  'Silverado 1500': [
    '1999-2006: 4.3L V6/LU3, 4.8L V8/LR4, 5.3L V8/LM7, 6.0L V8/LQ4',
    '2007-2013: 4.3L V6/LU3, 4.8L V8/LY2, 5.3L V8/LMG, 6.2L V8/L9H',
    '2014-2018: 4.3L V6/LV3, 5.3L V8/L83, 6.2L V8/L86',
    '2019-2026: 2.7L L4 Turbo/L3B, 5.3L V8/L84, 6.2L V8/L87, 3.0L L6 Turbo Diesel/LM2',
  ],
  C1500: ['1995-1998: 4.3L V6/L35, 5.0L V8/L30, 5.7L V8/L31'],
  Malibu: [
    '1997-2003: 2.4L L4/LD9, 3.1L V6/LG8',
    '2004-2007: 2.2L L4/L61, 3.5L V6/LX9',
    '2008-2012: 2.4L L4/LE5, 3.6L V6/LY7',
    '2013-2015: 2.5L L4/LCV, 2.0L L4 Turbo/LTG',
    '2016-2018: 1.5L L4 Turbo/LFV, 2.0L L4 Turbo/LTG, 1.8L L4 Hybrid/LKN',
    '2019-2025: 1.5L L4 Turbo/LFV',
  ],
  Equinox: [
    '2005-2009: 3.4L V6/LNJ',
    '2010-2012: 2.4L L4/LAF, 3.0L V6/LF1',
    '2013-2017: 2.4L L4/LEA, 3.6L V6/LFX',
    '2018-2020: 1.5L L4 Turbo/LYX, 2.0L L4 Turbo/LTG, 1.6L L4 Turbo Diesel/LH7',
    '2021-2026: 1.5L L4 Turbo/LYX',
  ],
  'Equinox EV': ['2024-2026: Electric'],
  Tahoe: [
    '1995-1999: 5.7L V8/L31, 6.5L V8 Turbo Diesel/L56',
    '2000-2006: 4.8L V8/LR4, 5.3L V8/LM7',
    '2007-2014: 4.8L V8/LY2, 5.3L V8/LMG',
    '2015-2020: 5.3L V8/L83, 6.2L V8/L86',
    '2021-2026: 5.3L V8/L84, 6.2L V8/L87, 3.0L L6 Turbo Diesel/LZ0',
  ],
  Camaro: [
    '1995-1997: 3.8L V6/L36, 5.7L V8/LT1',
    '1998-2002: 3.8L V6/L36, 5.7L V8/LS1',
    '2010-2015: 3.6L V6/LFX, 6.2L V8/LS3',
    '2016-2024: 2.0L L4 Turbo/LTG, 3.6L V6/LGX, 6.2L V8/LT1, 6.2L V8 Supercharged/LT4',
  ],
  Impala: [
    '2000-2005: 3.4L V6/LA1, 3.8L V6/L36',
    '2006-2011: 3.5L V6/LZ4, 3.9L V6/LZ9',
    '2012-2013: 3.6L V6/LFX',
    '2014-2020: 2.5L L4/LCV, 3.6L V6/LFX',
  ],
  Cruze: [
    '2011-2015: 1.8L L4/LUW, 1.4L L4 Turbo/LUJ, 2.0L L4 Turbo Diesel/LUZ',
    '2016-2019: 1.4L L4 Turbo/LE2, 1.6L L4 Turbo Diesel/LH7',
  ],
  Colorado: [
    '2004-2006: 2.8L L4/LK5, 3.5L L5/LL8',
    '2007-2012: 2.9L L4/LLV, 3.7L L5/LLR, 5.3L V8/LH8',
    '2015-2022: 2.5L L4/LCV, 3.6L V6/LGZ, 2.8L L4 Turbo Diesel/LWN',
    '2023-2026: 2.7L L4 Turbo/L2R',
  ],
  Traverse: [
    '2009-2017: 3.6L V6/LLT',
    '2018-2023: 2.0L L4 Turbo/LTG, 3.6L V6/LFY',
    '2024-2026: 2.5L L4 Turbo/LK0',
  ],
  'Bolt EV': ['2017-2023: Electric'],
  Cavalier: ['1995-2002: 2.2L L4/LN2, 2.4L L4/LD9', '2003-2005: 2.2L L4/L61'],
};

const nissan: Models = {
  Altima: [
    '1995-2001: 2.4L L4/KA24DE',
    '2002-2006: 2.5L L4/QR25DE, 3.5L V6/VQ35DE',
    '2007-2012: 2.5L L4/QR25DE, 3.5L V6/VQ35DE, 2.5L L4 Hybrid/QR25DE',
    '2013-2018: 2.5L L4/QR25DE, 3.5L V6/VQ35DE',
    '2019-2022: 2.5L L4/PR25DD, 2.0L L4 Turbo/KR20DDET',
    '2023-2025: 2.5L L4/PR25DD',
  ],
  Sentra: [
    '1995-1999: 1.6L L4/GA16DE, 2.0L L4/SR20DE',
    '2000-2006: 1.8L L4/QG18DE, 2.5L L4/QR25DE',
    '2007-2012: 2.0L L4/MR20DE, 2.5L L4/QR25DE',
    '2013-2019: 1.8L L4/MRA8DE, 1.6L L4 Turbo/MR16DDT',
    '2020-2026: 2.0L L4/MR20DD',
  ],
  Maxima: [
    '1995-2001: 3.0L V6/VQ30DE',
    '2002-2008: 3.5L V6/VQ35DE',
    '2009-2014: 3.5L V6/VQ35DE',
    '2016-2023: 3.5L V6/VQ35DD',
  ],
  Rogue: [
    '2008-2013: 2.5L L4/QR25DE',
    '2014-2020: 2.5L L4/QR25DE, 2.0L L4 Hybrid/MR20DD',
    '2021: 2.5L L4/PR25DD',
    '2022-2026: 1.5L L3 Turbo/KR15DDT',
  ],
  Pathfinder: [
    '1996-2000: 3.3L V6/VG33E',
    '2001-2004: 3.5L V6/VQ35DE',
    '2005-2012: 4.0L V6/VQ40DE, 5.6L V8/VK56DE',
    '2013-2020: 3.5L V6/VQ35DE, 2.5L L4 Supercharged Hybrid/QR25DER',
    '2022-2026: 3.5L V6/VQ35DD',
  ],
  Frontier: [
    '1998-2004: 2.4L L4/KA24DE, 3.3L V6/VG33E',
    '2005-2019: 2.5L L4/QR25DE, 4.0L V6/VQ40DE',
    '2020-2026: 3.8L V6/VQ38DD',
  ],
  Titan: [
    '2004-2015: 5.6L V8/VK56DE',
    '2016-2019: 5.6L V8/VK56VD, 5.0L V8 Turbo Diesel/ISV5.0',
    '2020-2024: 5.6L V8/VK56VD',
  ],
  Versa: [
    '2007-2012: 1.6L L4/HR16DE, 1.8L L4/MR18DE',
    '2013-2019: 1.6L L4/HR16DE',
    '2020-2025: 1.6L L4/HR16DE',
  ],
  Leaf: ['2011-2017: Electric', '2018-2026: Electric'],
  Murano: [
    '2003-2007: 3.5L V6/VQ35DE',
    '2009-2014: 3.5L V6/VQ35DE',
    '2015-2024: 3.5L V6/VQ35DE, 2.5L L4 Supercharged Hybrid/QR25DER',
  ],
};

const hyundai: Models = {
  Elantra: [
    '1996-2000: 1.8L L4/G4GM',
    '2001-2010: 2.0L L4/G4GC',
    '2011-2013: 1.8L L4/G4NB',
    '2014-2016: 1.8L L4/G4NB, 2.0L L4/G4NA',
    '2017-2020: 2.0L L4/G4NH, 1.6L L4 Turbo/G4FJ',
    '2021-2026: 2.0L L4/G4NS, 1.6L L4 Hybrid/G4LE, 1.6L L4 Turbo/G4FP, 2.0L L4 Turbo/G4KH',
  ],
  Sonata: [
    '1995-1998: 2.0L L4/G4CP, 3.0L V6/G6AT',
    '1999-2005: 2.4L L4/G4JS, 2.5L V6/G6BV',
    '2006-2010: 2.4L L4/G4KC, 3.3L V6/G6DB',
    '2011-2014: 2.4L L4/G4KJ, 2.0L L4 Turbo/G4KH, 2.4L L4 Hybrid/G4KK',
    '2015-2019: 2.4L L4/G4KJ, 1.6L L4 Turbo/G4FJ, 2.0L L4 Turbo/G4KH, 2.0L L4 Hybrid/G4NG',
    '2020-2026: 2.5L L4/G4KN, 1.6L L4 Turbo/G4FP, 2.0L L4 Hybrid/G4NS',
  ],
  'Santa Fe': [
    '2001-2006: 2.4L L4/G4JS, 2.7L V6/G6BA, 3.5L V6/G6CU',
    '2007-2009: 2.7L V6/G6EA, 3.3L V6/G6DB',
    '2010-2012: 2.4L L4/G4KE, 3.5L V6/G6DC',
    '2013-2018: 2.4L L4/G4KJ, 2.0L L4 Turbo/G4KH, 3.3L V6/G6DH',
    '2019-2020: 2.4L L4/G4KJ, 2.0L L4 Turbo/G4KH',
    '2021-2023: 2.5L L4/G4KN, 2.5L L4 Turbo/G4KP, 1.6L L4 Turbo Hybrid/G4FT',
    '2024-2026: 2.5L L4 Turbo/G4KP, 1.6L L4 Turbo Hybrid/G4FT',
  ],
  Tucson: [
    '2005-2009: 2.0L L4/G4GC, 2.7L V6/G6BA',
    '2010-2015: 2.0L L4/G4KD, 2.4L L4/G4KE',
    '2016-2018: 2.0L L4/G4NA, 1.6L L4 Turbo/G4FJ',
    '2019-2021: 2.0L L4/G4NA, 2.4L L4/G4KJ',
    '2022-2026: 2.5L L4/G4KN, 1.6L L4 Turbo Hybrid/G4FT, 1.6L L4 Turbo Plug-in Hybrid/G4FT',
  ],
  Accent: [
    '1995-1999: 1.5L L4/G4EK',
    '2000-2011: 1.6L L4/G4ED',
    '2012-2017: 1.6L L4/G4FD',
    '2018-2022: 1.6L L4/G4FG',
  ],
  Kona: ['2018-2023: 2.0L L4/G4NH, 1.6L L4 Turbo/G4FJ', '2024-2026: 2.0L L4, 1.6L L4 Turbo'],
  'Kona Electric': ['2019-2026: Electric'],
  'Ioniq 5': ['2022-2026: Electric Single Motor, Electric Dual Motor'],
  Palisade: ['2020-2026: 3.8L V6/G6DN'],
};

const kia: Models = {
  Optima: [
    '2001-2006: 2.4L L4/G4JS, 2.7L V6/G6BA',
    '2007-2010: 2.4L L4/G4KC, 2.7L V6/G6EA',
    '2011-2015: 2.4L L4/G4KJ, 2.0L L4 Turbo/G4KH, 2.4L L4 Hybrid/G4KK',
    '2016-2020: 2.4L L4/G4KJ, 1.6L L4 Turbo/G4FJ, 2.0L L4 Turbo/G4KH, 2.0L L4 Hybrid/G4NG',
  ],
  K5: ['2021-2025: 1.6L L4 Turbo/G4FP, 2.5L L4 Turbo/G4KP'],
  Sorento: [
    '2003-2006: 3.5L V6/G6CU',
    '2007-2009: 3.3L V6/G6DB, 3.8L V6/G6DA',
    '2011-2015: 2.4L L4/G4KE, 3.5L V6/G6DC',
    '2016-2020: 2.4L L4/G4KJ, 2.0L L4 Turbo/G4KH, 3.3L V6/G6DH',
    '2021-2026: 2.5L L4/G4KN, 2.5L L4 Turbo/G4KP, 1.6L L4 Turbo Hybrid/G4FT',
  ],
  Sportage: [
    '1995-2002: 2.0L L4/FE',
    '2005-2010: 2.0L L4/G4GC, 2.7L V6/G6BA',
    '2011-2016: 2.4L L4/G4KE, 2.0L L4 Turbo/G4KH',
    '2017-2022: 2.4L L4/G4KJ, 2.0L L4 Turbo/G4KH',
    '2023-2026: 2.5L L4/G4KN, 1.6L L4 Turbo Hybrid/G4FT',
  ],
  Soul: [
    '2010-2013: 1.6L L4/G4FC, 2.0L L4/G4GC',
    '2014-2019: 1.6L L4/G4FD, 2.0L L4/G4NA, 1.6L L4 Turbo/G4FJ, Electric',
    '2020-2025: 2.0L L4/G4NH, 1.6L L4 Turbo/G4FJ',
  ],
  Forte: [
    '2010-2013: 2.0L L4/G4KD, 2.4L L4/G4KE',
    '2014-2018: 1.8L L4/G4NB, 2.0L L4/G4NA, 1.6L L4 Turbo/G4FJ',
    '2019-2026: 2.0L L4/G4NH, 1.6L L4 Turbo/G4FJ',
  ],
  Rio: [
    '2001-2005: 1.6L L4/A5D',
    '2006-2011: 1.6L L4/G4ED',
    '2012-2017: 1.6L L4/G4FD',
    '2018-2023: 1.6L L4/G4FG',
  ],
  Telluride: ['2020-2026: 3.8L V6/G6DN'],
  EV6: ['2022-2026: Electric Single Motor, Electric Dual Motor'],
};

const subaru: Models = {
  Impreza: [
    '1995-2001: 1.8L H4/EJ18, 2.2L H4/EJ22, 2.5L H4/EJ25D',
    '2002-2007: 2.5L H4/EJ251, 2.0L H4 Turbo/EJ205, 2.5L H4 Turbo/EJ257',
    '2008-2011: 2.5L H4/EJ253, 2.5L H4 Turbo/EJ255',
    '2012-2023: 2.0L H4/FB20',
    '2024-2026: 2.0L H4/FB20, 2.5L H4/FB25',
  ],
  WRX: [
    '2015-2021: 2.0L H4 Turbo/FA20DIT, 2.5L H4 Turbo/EJ257',
    '2022-2026: 2.4L H4 Turbo/FA24DIT',
  ],
  Legacy: [
    '1995-1999: 2.2L H4/EJ22, 2.5L H4/EJ25D',
    '2000-2004: 2.5L H4/EJ251, 3.0L H6/EZ30',
    '2005-2009: 2.5L H4/EJ253, 2.5L H4 Turbo/EJ255, 3.0L H6/EZ30D',
    '2010-2014: 2.5L H4/EJ253, 2.5L H4 Turbo/EJ255, 3.6L H6/EZ36D',
    '2015-2019: 2.5L H4/FB25, 3.6L H6/EZ36D',
    '2020-2025: 2.5L H4/FB25, 2.4L H4 Turbo/FA24F',
  ],
  Outback: [
    '1996-1999: 2.2L H4/EJ22, 2.5L H4/EJ25D',
    '2000-2004: 2.5L H4/EJ251, 3.0L H6/EZ30',
    '2005-2009: 2.5L H4/EJ253, 2.5L H4 Turbo/EJ255, 3.0L H6/EZ30D',
    '2010-2014: 2.5L H4/EJ253, 3.6L H6/EZ36D',
    '2015-2019: 2.5L H4/FB25, 3.6L H6/EZ36D',
    '2020-2026: 2.5L H4/FB25, 2.4L H4 Turbo/FA24F',
  ],
  Forester: [
    '1998-2002: 2.5L H4/EJ251',
    '2003-2013: 2.5L H4/EJ253, 2.5L H4 Turbo/EJ255',
    '2014-2018: 2.5L H4/FB25, 2.0L H4 Turbo/FA20DIT',
    '2019-2026: 2.5L H4/FB25',
  ],
  Crosstrek: [
    '2013-2017: 2.0L H4/FB20, 2.0L H4 Hybrid/FB20',
    '2018-2020: 2.0L H4/FB20',
    '2021-2026: 2.0L H4/FB20, 2.5L H4/FB25',
  ],
  Ascent: ['2019-2026: 2.4L H4 Turbo/FA24F'],
  BRZ: ['2013-2020: 2.0L H4/FA20', '2022-2026: 2.4L H4/FA24D'],
};

const mazda: Models = {
  Mazda3: [
    '2004-2009: 2.0L L4/LF, 2.3L L4/L3, 2.3L L4 Turbo/L3-VDT',
    '2010-2013: 2.0L L4/LF, 2.5L L4/L5, 2.3L L4 Turbo/L3-VDT',
    '2014-2018: 2.0L L4/PE-VPS, 2.5L L4/PY-VPS',
    '2019-2020: 2.0L L4/PE-VPS, 2.5L L4/PY-VPS',
    '2021-2026: 2.5L L4/PY-VPS, 2.5L L4 Turbo/PY-VPTS',
  ],
  Mazda6: [
    '2003-2008: 2.3L L4/L3, 3.0L V6/AJ',
    '2009-2013: 2.5L L4/L5, 3.7L V6/CA',
    '2014-2017: 2.5L L4/PY-VPS',
    '2018-2021: 2.5L L4/PY-VPS, 2.5L L4 Turbo/PY-VPTS',
  ],
  'CX-5': [
    '2013-2016: 2.0L L4/PE-VPS, 2.5L L4/PY-VPS',
    '2017-2018: 2.5L L4/PY-VPS',
    '2019-2026: 2.5L L4/PY-VPS, 2.5L L4 Turbo/PY-VPTS',
  ],
  'CX-9': ['2007-2015: 3.7L V6/CA', '2016-2023: 2.5L L4 Turbo/PY-VPTS'],
  'CX-30': ['2020: 2.5L L4/PY-VPS', '2021-2026: 2.5L L4/PY-VPS, 2.5L L4 Turbo/PY-VPTS'],
  'CX-50': ['2023-2026: 2.5L L4/PY-VPS, 2.5L L4 Turbo/PY-VPTS'],
  'MX-5 Miata': [
    '1995-1997: 1.8L L4/BP',
    '1999-2005: 1.8L L4/BP-4W',
    '2006-2015: 2.0L L4/LF-VE',
    '2016-2026: 2.0L L4/PE-VPR',
  ],
  Protege: ['1995-1998: 1.5L L4/Z5, 1.8L L4/BP', '1999-2003: 1.6L L4/ZM, 1.8L L4/FP, 2.0L L4/FS'],
  Tribute: [
    '2001-2004: 2.0L L4/FS, 3.0L V6/AJ',
    '2005-2008: 2.3L L4/L3, 3.0L V6/AJ',
    '2009-2011: 2.5L L4/L5, 3.0L V6/AJ',
  ],
};

const volkswagen: Models = {
  Jetta: [
    '1995-1998: 2.0L L4/ABA, 1.9L L4 Turbo Diesel/1Z, 2.8L VR6/AAA',
    '1999-2005: 2.0L L4/AEG, 1.8L L4 Turbo/AWP, 1.9L L4 Turbo Diesel/ALH, 2.8L VR6/AFP',
    '2006-2010: 2.5L L5/BGP, 2.0L L4 Turbo/BPY, 2.0L L4 Turbo Diesel/CBEA',
    '2011-2014: 2.0L L4/CBPA, 2.5L L5/CBTA, 2.0L L4 Turbo/CCTA, 2.0L L4 Turbo Diesel/CJAA',
    '2015-2018: 1.4L L4 Turbo/CZTA, 1.8L L4 Turbo/CPKA, 2.0L L4 Turbo/CCTA, 2.0L L4 Turbo Diesel/CKRA',
    '2019-2021: 1.4L L4 Turbo/DGXA, 2.0L L4 Turbo/DKZA',
    '2022-2026: 1.5L L4 Turbo/DXCA, 2.0L L4 Turbo/DKZA',
  ],
  Golf: [
    '1995-1998: 2.0L L4/ABA, 2.8L VR6/AAA',
    '1999-2006: 2.0L L4/AEG, 1.8L L4 Turbo/AWP, 1.9L L4 Turbo Diesel/ALH, 2.8L VR6/BDF',
    '2010-2014: 2.5L L5/CBTA, 2.0L L4 Turbo Diesel/CJAA',
    '2015-2021: 1.8L L4 Turbo/CPRA, 1.4L L4 Turbo/CZDA',
  ],
  Rabbit: ['2007-2009: 2.5L L5/BGP'],
  GTI: [
    '2006-2009: 2.0L L4 Turbo/BPY',
    '2010-2014: 2.0L L4 Turbo/CCTA',
    '2015-2021: 2.0L L4 Turbo/CHHB',
    '2022-2026: 2.0L L4 Turbo/DKZA',
  ],
  Passat: [
    '1995-1997: 2.0L L4/ABA, 2.8L VR6/AAA',
    '1998-2005: 1.8L L4 Turbo/AEB, 2.8L V6/AHA',
    '2006-2010: 2.0L L4 Turbo/BPY, 3.6L VR6/BLV',
    '2012-2015: 2.5L L5/CBTA, 2.0L L4 Turbo Diesel/CKRA, 3.6L VR6/CDVC',
    '2016-2019: 1.8L L4 Turbo/CPRA, 3.6L VR6/CDVC',
    '2020-2022: 2.0L L4 Turbo',
  ],
  Tiguan: ['2009-2017: 2.0L L4 Turbo/CCTA', '2018-2026: 2.0L L4 Turbo/DGUA'],
  Atlas: ['2018-2023: 2.0L L4 Turbo/DGUA, 3.6L VR6/CDVC', '2024-2026: 2.0L L4 Turbo/DNNA'],
  'New Beetle': [
    '1998-2005: 2.0L L4/AEG, 1.8L L4 Turbo/AWV, 1.9L L4 Turbo Diesel/ALH',
    '2006-2010: 2.5L L5/BPR',
  ],
  Beetle: ['2012-2019: 2.0L L4 Turbo/CCZB, 1.8L L4 Turbo/CPKA'],
  'ID.4': ['2021-2026: Electric Single Motor, Electric Dual Motor'],
};

const bmw: Models = {
  '3 Series': [
    '1995-1998: 1.9L L4/M44, 2.8L L6/M52',
    '1999-2005: 2.5L L6/M54B25, 3.0L L6/M54B30, 2.8L L6/M52TUB28',
    '2006-2011: 3.0L L6/N52B30, 3.0L L6 Turbo/N54B30, 3.0L L6 Turbo Diesel/M57D30',
    '2012-2015: 2.0L L4 Turbo/N20B20, 3.0L L6 Turbo/N55B30, 2.0L L4 Turbo Diesel/N47D20',
    '2016-2018: 2.0L L4 Turbo/B46B20, 3.0L L6 Turbo/B58B30, 2.0L L4 Turbo Plug-in Hybrid/B48B20',
    '2019-2026: 2.0L L4 Turbo/B46B20, 3.0L L6 Turbo/B58B30, 2.0L L4 Turbo Plug-in Hybrid/B46B20',
  ],
  '5 Series': [
    '1995: 2.5L L6/M50, 4.0L V8/M60',
    '1997-2000: 2.8L L6/M52, 4.4L V8/M62',
    '2001-2003: 2.5L L6/M54B25, 3.0L L6/M54B30, 4.4L V8/M62',
    '2004-2010: 3.0L L6/N52B30, 4.8L V8/N62B48, 3.0L L6 Turbo/N54B30',
    '2011-2016: 2.0L L4 Turbo/N20B20, 3.0L L6 Turbo/N55B30, 4.4L V8 Turbo/N63B44, 3.0L L6 Turbo Diesel/N57D30',
    '2017-2023: 2.0L L4 Turbo/B46B20, 3.0L L6 Turbo/B58B30, 4.4L V8 Turbo/N63B44, 2.0L L4 Turbo Plug-in Hybrid/B46B20',
    '2024-2026: 2.0L L4 Turbo/B46B20, 3.0L L6 Turbo/B58B30, Electric',
  ],
  X3: [
    '2004-2006: 2.5L L6/M54B25, 3.0L L6/M54B30',
    '2007-2010: 3.0L L6/N52B30',
    '2011-2017: 2.0L L4 Turbo/N20B20, 3.0L L6 Turbo/N55B30, 2.0L L4 Turbo Diesel/N47D20',
    '2018-2026: 2.0L L4 Turbo/B46B20, 3.0L L6 Turbo/B58B30, 2.0L L4 Turbo Plug-in Hybrid/B46B20',
  ],
  X5: [
    '2000-2006: 3.0L L6/M54B30, 4.4L V8/M62B44',
    '2007-2010: 3.0L L6/N52B30, 4.8L V8/N62B48, 3.0L L6 Turbo Diesel/M57D30',
    '2011-2013: 3.0L L6 Turbo/N55B30, 4.4L V8 Turbo/N63B44, 3.0L L6 Turbo Diesel/N57D30',
    '2014-2018: 3.0L L6 Turbo/N55B30, 4.4L V8 Turbo/N63B44, 3.0L L6 Turbo Diesel/N57D30, 2.0L L4 Turbo Plug-in Hybrid/N20B20',
    '2019-2026: 3.0L L6 Turbo/B58B30, 4.4L V8 Turbo/N63B44, 3.0L L6 Turbo Plug-in Hybrid/B58B30',
  ],
  X1: [
    '2013-2015: 2.0L L4 Turbo/N20B20, 3.0L L6 Turbo/N55B30',
    '2016-2022: 2.0L L4 Turbo/B46A20',
    '2023-2026: 2.0L L4 Turbo/B46A20',
  ],
  '4 Series': [
    '2014-2020: 2.0L L4 Turbo/N20B20, 3.0L L6 Turbo/N55B30',
    '2021-2026: 2.0L L4 Turbo/B46B20, 3.0L L6 Turbo/B58B30',
  ],
  i4: ['2022-2026: Electric Single Motor, Electric Dual Motor'],
};

const mercedes: Models = {
  'C-Class': [
    '1995-1997: 2.2L L4/M111, 2.8L L6/M104',
    '1998-2000: 2.3L L4 Supercharged/M111, 2.8L V6/M112',
    '2001-2005: 2.6L V6/M112, 3.2L V6/M112, 1.8L L4 Supercharged/M271',
    '2006-2007: 2.5L V6/M272, 3.0L V6/M272, 3.5L V6/M272',
    '2008-2011: 3.0L V6/M272, 3.5L V6/M272',
    '2012-2014: 1.8L L4 Turbo/M271, 3.5L V6/M276',
    '2015-2021: 2.0L L4 Turbo/M274, 3.0L V6 Turbo/M276, 4.0L V8 Turbo/M177',
    '2022-2026: 2.0L L4 Turbo/M254, 2.0L L4 Turbo Hybrid/M139',
  ],
  'E-Class': [
    '1996-2002: 3.2L V6/M112, 4.3L V8/M113, 3.0L L6 Turbo Diesel/OM606',
    '2003-2006: 3.2L V6/M112, 5.0L V8/M113',
    '2007-2009: 3.5L V6/M272, 5.5L V8/M273, 3.0L V6 Turbo Diesel/OM642',
    '2010-2011: 3.5L V6/M272, 5.5L V8/M273, 3.0L V6 Turbo Diesel/OM642',
    '2012-2016: 2.0L L4 Turbo/M274, 3.5L V6/M276, 4.6L V8 Turbo/M278, 3.0L V6 Turbo Diesel/OM642',
    '2017-2020: 2.0L L4 Turbo/M274, 3.0L V6 Turbo/M276, 4.0L V8 Turbo/M177',
    '2021-2023: 2.0L L4 Turbo Hybrid/M264, 3.0L L6 Turbo Hybrid/M256, 4.0L V8 Turbo/M177',
    '2024-2026: 2.0L L4 Turbo Hybrid/M254, 3.0L L6 Turbo Hybrid/M256',
  ],
  'M-Class': [
    '1998-2001: 3.2L V6/M112, 4.3L V8/M113',
    '2002-2005: 3.7L V6/M112, 5.0L V8/M113',
    '2006-2011: 3.5L V6/M272, 5.5L V8/M273, 3.0L V6 Turbo Diesel/OM642',
    '2012-2015: 3.5L V6/M276, 4.6L V8 Turbo/M278, 3.0L V6 Turbo Diesel/OM642',
  ],
  GLE: [
    '2016-2019: 3.5L V6/M276, 3.0L V6 Turbo/M276, 4.6L V8 Turbo/M278',
    '2020-2026: 2.0L L4 Turbo/M264, 3.0L L6 Turbo Hybrid/M256, 4.0L V8 Turbo Hybrid/M177',
  ],
  GLC: [
    '2016-2022: 2.0L L4 Turbo/M274, 3.0L V6 Turbo/M276, 4.0L V8 Turbo/M177, 2.0L L4 Turbo Plug-in Hybrid/M274',
    '2023-2026: 2.0L L4 Turbo Hybrid/M254',
  ],
  CLA: ['2014-2019: 2.0L L4 Turbo/M270', '2020-2026: 2.0L L4 Turbo/M260'],
  GLA: ['2015-2020: 2.0L L4 Turbo/M270', '2021-2026: 2.0L L4 Turbo/M260'],
  Sprinter: [
    '2007-2018: 3.0L V6 Turbo Diesel/OM642, 3.5L V6/M272',
    '2019-2026: 2.0L L4 Turbo/M274, 3.0L V6 Turbo Diesel/OM642, 2.0L L4 Turbo Diesel/OM654',
  ],
};

const audi: Models = {
  A4: [
    '1996-2001: 1.8L L4 Turbo/AEB, 2.8L V6/AHA',
    '2002-2004: 1.8L L4 Turbo/AMB, 3.0L V6/AVK',
    '2005-2008: 2.0L L4 Turbo/BWT, 3.2L V6/BKH',
    '2009-2011: 2.0L L4 Turbo/CAEB, 3.2L V6/CALA',
    '2012-2016: 2.0L L4 Turbo/CAEB',
    '2017-2024: 2.0L L4 Turbo/CYRB, 3.0L V6 Turbo/CWGD',
    '2025-2026: 2.0L L4 Turbo',
  ],
  A6: [
    '1995-1997: 2.8L V6/AAH',
    '1998-2004: 2.8L V6/AHA, 2.7L V6 Turbo/APB, 4.2L V8/ARS',
    '2005-2011: 3.2L V6/AUK, 4.2L V8/BAT, 3.0L V6 Supercharged/CAJA',
    '2012-2018: 2.0L L4 Turbo/CAEB, 3.0L V6 Supercharged/CGWB, 3.0L V6 Turbo Diesel/CRTC',
    '2019-2026: 2.0L L4 Turbo, 3.0L V6 Turbo',
  ],
  Q5: [
    '2009-2012: 3.2L V6/CALB, 2.0L L4 Turbo/CAEB',
    '2013-2017: 2.0L L4 Turbo/CAEB, 3.0L V6 Supercharged/CTUB, 3.0L V6 Turbo Diesel/CRTC',
    '2018-2024: 2.0L L4 Turbo/DAXB, 3.0L V6 Turbo/CWGD, 2.0L L4 Turbo Plug-in Hybrid',
    '2025-2026: 2.0L L4 Turbo',
  ],
  Q7: [
    '2007-2010: 3.6L VR6/BHK, 4.2L V8/BAR, 3.0L V6 Turbo Diesel/CATA',
    '2011-2015: 3.0L V6 Supercharged/CJTC, 3.0L V6 Turbo Diesel/CATA',
    '2017-2019: 2.0L L4 Turbo/CYRB, 3.0L V6 Supercharged/CREC',
    '2020-2026: 2.0L L4 Turbo, 3.0L V6 Turbo',
  ],
  A3: [
    '2006-2013: 2.0L L4 Turbo/CCTA, 3.2L VR6/BUB',
    '2015-2020: 1.8L L4 Turbo/CJSA, 2.0L L4 Turbo/CJXC',
    '2022-2026: 2.0L L4 Turbo',
  ],
  TT: [
    '2000-2006: 1.8L L4 Turbo/AMU, 3.2L VR6/BHE',
    '2008-2015: 2.0L L4 Turbo/CCTA, 3.2L VR6/CBRA',
    '2016-2023: 2.0L L4 Turbo/CHHC',
  ],
  'e-tron': ['2019-2024: Electric Dual Motor'],
};

const jeep: Models = {
  Wrangler: [
    '1995: 2.5L L4/AMC 150, 4.0L L6/AMC 242',
    '1997-2002: 2.5L L4/AMC 150, 4.0L L6/AMC 242',
    '2003-2006: 2.4L L4/EDZ, 4.0L L6/AMC 242',
    '2007-2011: 3.8L V6/EGH',
    '2012-2017: 3.6L V6/ERB',
    '2018-2026: 3.6L V6/ERB, 2.0L L4 Turbo/EC1, 3.0L V6 Turbo Diesel/EXF, 2.0L L4 Turbo Plug-in Hybrid/EC1',
  ],
  'Grand Cherokee': [
    '1995-1998: 4.0L L6/AMC 242, 5.2L V8/Magnum 318',
    '1999-2004: 4.0L L6/AMC 242, 4.7L V8/EVA',
    '2005-2010: 3.7L V6/EKG, 4.7L V8/EVE, 5.7L V8/EZB',
    '2011-2021: 3.6L V6/ERB, 5.7L V8/EZH, 6.4L V8/ESG',
    '2022-2026: 3.6L V6/ERC, 5.7L V8/EZH, 2.0L L4 Turbo Plug-in Hybrid/EC1',
  ],
  Cherokee: [
    '1995-2001: 2.5L L4/AMC 150, 4.0L L6/AMC 242',
    '2014-2023: 2.4L L4/ED6, 3.2L V6/EHK, 2.0L L4 Turbo/EC1',
  ],
  Liberty: ['2002-2007: 2.4L L4/EDZ, 3.7L V6/EKG', '2008-2012: 3.7L V6/EKG'],
  Compass: [
    '2007-2016: 2.0L L4/ECN, 2.4L L4/ED3',
    '2017-2022: 2.4L L4/ED6',
    '2023-2026: 2.0L L4 Turbo/EC1',
  ],
  Renegade: [
    '2015-2018: 1.4L L4 Turbo/EAM, 2.4L L4/ED6',
    '2019-2023: 2.4L L4/ED6, 1.3L L4 Turbo/GSE',
  ],
  Gladiator: ['2020-2026: 3.6L V6/ERB, 3.0L V6 Turbo Diesel/EXF'],
  Patriot: ['2007-2017: 2.0L L4/ECN, 2.4L L4/ED3'],
};

const ram: Models = {
  '1500': [
    '2011-2012: 3.7L V6/EKG, 4.7L V8/EVE, 5.7L V8/EZH',
    '2013-2018: 3.6L V6/ERB, 5.7L V8/EZH, 3.0L V6 Turbo Diesel/EXF',
    '2019-2024: 3.6L V6 Hybrid/ERC, 5.7L V8/EZH, 5.7L V8 Hybrid/EZL, 3.0L V6 Turbo Diesel/EXF',
    '2025-2026: 3.0L L6 Turbo/Hurricane',
  ],
  '1500 Classic': ['2019-2024: 3.6L V6/ERB, 5.7L V8/EZH'],
  '2500': [
    '2011-2013: 5.7L V8/EZH, 6.7L L6 Turbo Diesel/Cummins ISB',
    '2014-2026: 6.4L V8/ESG, 6.7L L6 Turbo Diesel/Cummins ISB',
  ],
  '3500': [
    '2011-2013: 5.7L V8/EZH, 6.7L L6 Turbo Diesel/Cummins ISB',
    '2014-2026: 6.4L V8/ESG, 6.7L L6 Turbo Diesel/Cummins ISB',
  ],
  ProMaster: ['2014-2017: 3.6L V6/ERB, 3.0L L4 Turbo Diesel', '2018-2026: 3.6L V6/ERB'],
  'ProMaster City': ['2015-2022: 2.4L L4/ED6'],
};

const dodge: Models = {
  'Ram 1500': [
    '1995-2001: 3.9L V6/Magnum, 5.2L V8/Magnum, 5.9L V8/Magnum',
    '2002-2010: 3.7L V6/EKG, 4.7L V8/EVA, 5.7L V8/EZA',
  ],
  Charger: [
    '2006-2010: 2.7L V6/EER, 3.5L V6/EGG, 5.7L V8/EZB, 6.1L V8/ESF',
    '2011-2014: 3.6L V6/ERB, 5.7L V8/EZH, 6.4L V8/ESG',
    '2015-2023: 3.6L V6/ERB, 5.7L V8/EZH, 6.4L V8/ESG, 6.2L V8 Supercharged/Hellcat',
    '2024-2026: Electric Dual Motor',
  ],
  Challenger: [
    '2008-2010: 3.5L V6/EGG, 5.7L V8/EZB, 6.1L V8/ESF',
    '2011-2014: 3.6L V6/ERB, 5.7L V8/EZH, 6.4L V8/ESG',
    '2015-2023: 3.6L V6/ERB, 5.7L V8/EZH, 6.4L V8/ESG, 6.2L V8 Supercharged/Hellcat',
  ],
  'Grand Caravan': [
    '1996-2000: 3.0L V6/6G72, 3.3L V6/EGA, 3.8L V6/EGH',
    '2001-2007: 3.3L V6/EGA, 3.8L V6/EGH',
    '2008-2010: 3.3L V6/EGV, 3.8L V6/EGL, 4.0L V6/EGQ',
    '2011-2020: 3.6L V6/ERB',
  ],
  Durango: [
    '1998-2003: 4.7L V8/EVA, 5.2L V8/Magnum, 5.9L V8/Magnum',
    '2004-2009: 3.7L V6/EKG, 4.7L V8/EVA, 5.7L V8/EZB',
    '2011-2017: 3.6L V6/ERB, 5.7L V8/EZH',
    '2018-2026: 3.6L V6/ERB, 5.7L V8/EZH, 6.4L V8/ESG',
  ],
  Neon: ['1995-1999: 2.0L L4/SOHC', '2000-2005: 2.0L L4/SOHC, 2.4L L4 Turbo/EDT'],
  Dart: ['2013-2016: 2.0L L4/ECN, 1.4L L4 Turbo/EAF, 2.4L L4/ED6'],
  Journey: ['2009-2010: 2.4L L4/ED3, 3.5L V6/EGF', '2011-2020: 2.4L L4/ED3, 3.6L V6/ERB'],
  Dakota: [
    '1997-2004: 2.5L L4, 3.9L V6/Magnum, 4.7L V8/EVA',
    '2005-2011: 3.7L V6/EKG, 4.7L V8/EVA',
  ],
};

const lexus: Models = {
  ES: [
    '1995-2003: 3.0L V6/1MZ-FE',
    '2004-2006: 3.3L V6/3MZ-FE',
    '2007-2012: 3.5L V6/2GR-FE',
    '2013-2018: 3.5L V6/2GR-FE, 2.5L L4 Hybrid/2AR-FXE',
    '2019-2025: 2.5L L4/A25A-FKS, 3.5L V6/2GR-FKS, 2.5L L4 Hybrid/A25A-FXS',
    '2026: 2.5L L4 Hybrid/A25A-FXS',
  ],
  RX: [
    '1999-2003: 3.0L V6/1MZ-FE',
    '2004-2006: 3.3L V6/3MZ-FE',
    '2007-2009: 3.5L V6/2GR-FE, 3.3L V6 Hybrid/3MZ-FE',
    '2010-2015: 3.5L V6/2GR-FE, 3.5L V6 Hybrid/2GR-FXE',
    '2016-2022: 3.5L V6/2GR-FKS, 3.5L V6 Hybrid/2GR-FXS',
    '2023-2026: 2.4L L4 Turbo/T24A-FTS, 2.5L L4 Hybrid/A25A-FXS, 2.4L L4 Turbo Hybrid/T24A-FTS, 2.5L L4 Plug-in Hybrid/A25A-FXS',
  ],
  IS: [
    '2001-2005: 3.0L L6/2JZ-GE',
    '2006-2013: 2.5L V6/4GR-FSE, 3.5L V6/2GR-FSE',
    '2014-2015: 2.5L V6/4GR-FSE, 3.5L V6/2GR-FSE',
    '2016-2026: 2.0L L4 Turbo/8AR-FTS, 3.5L V6/2GR-FSE',
  ],
  GX: [
    '2003-2009: 4.7L V8/2UZ-FE',
    '2010-2023: 4.6L V8/1UR-FE',
    '2024-2026: 3.4L V6 Turbo/V35A-FTS',
  ],
  LX: [
    '1996-1997: 4.5L L6/1FZ-FE',
    '1998-2007: 4.7L V8/2UZ-FE',
    '2008-2021: 5.7L V8/3UR-FE',
    '2022-2026: 3.4L V6 Turbo/V35A-FTS',
  ],
  NX: [
    '2015-2021: 2.0L L4 Turbo/8AR-FTS, 2.5L L4 Hybrid/2AR-FXE',
    '2022-2026: 2.5L L4/A25A-FKS, 2.4L L4 Turbo/T24A-FTS, 2.5L L4 Hybrid/A25A-FXS, 2.5L L4 Plug-in Hybrid/A25A-FXS',
  ],
  GS: [
    '1998-2005: 3.0L L6/2JZ-GE, 4.0L V8/1UZ-FE',
    '2007-2011: 3.5L V6/2GR-FSE, 4.6L V8/1UR-FSE',
    '2013-2015: 3.5L V6/2GR-FSE',
    '2016-2020: 2.0L L4 Turbo/8AR-FTS, 3.5L V6/2GR-FSE',
  ],
};

const acura: Models = {
  Integra: [
    '1995-2001: 1.8L L4/B18B1, 1.8L L4 VTEC/B18C1',
    '2023-2026: 1.5L L4 Turbo/L15CA, 2.0L L4 Turbo/K20C1',
  ],
  TL: [
    '1996-1998: 2.5L L5/G25A, 3.2L V6/C32A',
    '1999-2003: 3.2L V6/J32A1',
    '2004-2008: 3.2L V6/J32A3, 3.5L V6/J35A8',
    '2009-2014: 3.5L V6/J35Z6, 3.7L V6/J37A4',
  ],
  TSX: ['2004-2008: 2.4L L4/K24A2', '2009-2014: 2.4L L4/K24Z3, 3.5L V6/J35Z6'],
  TLX: [
    '2015-2020: 2.4L L4/K24W7, 3.5L V6/J35Y6',
    '2021-2026: 2.0L L4 Turbo/K20C6, 3.0L V6 Turbo/J30AC',
  ],
  MDX: [
    '2001-2006: 3.5L V6/J35A3',
    '2007-2013: 3.7L V6/J37A1',
    '2014-2020: 3.5L V6/J35Y5, 3.0L V6 Hybrid/J30Y1',
    '2022-2026: 3.5L V6/J35Y5, 3.0L V6 Turbo/J30AC',
  ],
  RDX: [
    '2007-2012: 2.3L L4 Turbo/K23A1',
    '2013-2018: 3.5L V6/J35Z2',
    '2019-2026: 2.0L L4 Turbo/K20C4',
  ],
  ILX: ['2013-2015: 2.0L L4/R20A3, 2.4L L4/K24Z7', '2016-2022: 2.4L L4/K24V7'],
  RSX: ['2002-2006: 2.0L L4/K20A3, 2.0L L4 VTEC/K20A2'],
};

const infiniti: Models = {
  G35: ['2003-2008: 3.5L V6/VQ35DE'],
  G37: ['2008-2013: 3.7L V6/VQ37VHR'],
  Q50: [
    '2014-2015: 3.7L V6/VQ37VHR, 3.5L V6 Hybrid/VQ35HR',
    '2016-2019: 2.0L L4 Turbo/M274, 3.0L V6 Turbo/VR30DDTT',
    '2020-2026: 3.0L V6 Turbo/VR30DDTT',
  ],
  I30: ['1996-2001: 3.0L V6/VQ30DE'],
  I35: ['2002-2004: 3.5L V6/VQ35DE'],
  QX4: ['1997-2000: 3.3L V6/VG33E', '2001-2003: 3.5L V6/VQ35DE'],
  FX: ['2003-2008: 3.5L V6/VQ35DE, 4.5L V8/VK45DE', '2009-2012: 3.5L V6/VQ35HR, 5.0L V8/VK50VE'],
  QX60: [
    '2014-2020: 3.5L V6/VQ35DE, 2.5L L4 Supercharged Hybrid/QR25DER',
    '2022-2024: 3.5L V6/VQ35DD',
    '2025-2026: 2.0L L4 Turbo/KR20DDET',
  ],
  QX56: ['2004-2010: 5.6L V8/VK56DE', '2011-2013: 5.6L V8/VK56VD'],
  QX80: ['2014-2024: 5.6L V8/VK56VD', '2025-2026: 3.5L V6 Turbo/VR35DDTT'],
  QX50: ['2014-2017: 3.7L V6/VQ37VHR', '2019-2025: 2.0L L4 Turbo/KR20DDET'],
};

const volvo: Models = {
  '850': ['1995-1997: 2.4L L5/B5252S, 2.3L L5 Turbo/B5234T'],
  S70: ['1998-2000: 2.4L L5/B5244S, 2.4L L5 Turbo/B5244T, 2.3L L5 Turbo/B5234T3'],
  S40: ['2000-2004: 1.9L L4 Turbo/B4194T', '2005-2011: 2.4L L5/B5244S4, 2.5L L5 Turbo/B5254T3'],
  S60: [
    '2001-2009: 2.4L L5/B5244S, 2.5L L5 Turbo/B5254T2',
    '2011-2014: 3.0L L6 Turbo/B6304T4, 2.5L L5 Turbo/B5254T7',
    '2015-2018: 2.0L L4 Turbo/B4204T11',
    '2019-2026: 2.0L L4 Turbo/B4204T23, 2.0L L4 Turbo Plug-in Hybrid/B4204T34',
  ],
  XC90: [
    '2003-2006: 2.5L L5 Turbo/B5254T2, 2.9L L6 Turbo/B6294T',
    '2007-2014: 3.2L L6/B6324S, 4.4L V8/B8444S',
    '2016-2026: 2.0L L4 Turbo/B4204T, 2.0L L4 Turbo Plug-in Hybrid/B4204T35',
  ],
  XC60: [
    '2010-2014: 3.2L L6/B6324S, 3.0L L6 Turbo/B6304T2',
    '2015-2017: 2.0L L4 Turbo/B4204T11, 3.2L L6/B6324S',
    '2018-2026: 2.0L L4 Turbo/B4204T23, 2.0L L4 Turbo Plug-in Hybrid/B4204T34',
  ],
  XC70: [
    '1998-2000: 2.4L L5 Turbo/B5254T',
    '2001-2007: 2.5L L5 Turbo/B5254T2',
    '2008-2014: 3.2L L6/B6324S, 3.0L L6 Turbo/B6304T2',
    '2015-2016: 2.0L L4 Turbo/B4204T11, 3.2L L6/B6324S',
  ],
  XC40: ['2019-2026: 2.0L L4 Turbo/B4204T, Electric Dual Motor'],
  S90: ['2017-2026: 2.0L L4 Turbo/B4204T, 2.0L L4 Turbo Plug-in Hybrid/B4204T35'],
};

const mitsubishi: Models = {
  Lancer: ['2002-2007: 2.0L L4/4G94, 2.4L L4/4G69', '2008-2017: 2.0L L4/4B11, 2.4L L4/4B12'],
  'Lancer Evolution': ['2003-2006: 2.0L L4 Turbo/4G63T', '2008-2015: 2.0L L4 Turbo/4B11T'],
  Galant: [
    '1995-1998: 2.4L L4/4G64',
    '1999-2003: 2.4L L4/4G64, 3.0L V6/6G72',
    '2004-2012: 2.4L L4/4G69, 3.8L V6/6G75',
  ],
  Eclipse: [
    '1995-1999: 2.0L L4/420A, 2.0L L4 Turbo/4G63T, 2.4L L4/4G64',
    '2000-2005: 2.4L L4/4G64, 3.0L V6/6G72',
    '2006-2012: 2.4L L4/4G69, 3.8L V6/6G75',
  ],
  'Eclipse Cross': ['2018-2026: 1.5L L4 Turbo/4B40'],
  Outlander: [
    '2003-2006: 2.4L L4/4G69',
    '2007-2013: 2.4L L4/4B12, 3.0L V6/6B31',
    '2014-2020: 2.4L L4/4J12, 3.0L V6/6B31, 2.0L L4 Plug-in Hybrid/4B11',
    '2022-2026: 2.5L L4/PR25DD, 2.4L L4 Plug-in Hybrid/4B12',
  ],
  'Outlander Sport': ['2011-2013: 2.0L L4/4B11', '2014-2026: 2.0L L4/4B11, 2.4L L4/4B12'],
  Mirage: ['1997-2002: 1.5L L4/4G15, 1.8L L4/4G93', '2014-2024: 1.2L L3/3A92'],
  Montero: [
    '1995-1996: 3.0L V6/6G72',
    '1997-2002: 3.0L V6/6G72, 3.5L V6/6G74',
    '2003-2006: 3.8L V6/6G75',
  ],
};

const buick: Models = {
  LeSabre: ['1995-2005: 3.8L V6/L36'],
  Century: ['1997-2005: 3.1L V6/L82'],
  'Park Avenue': ['1997-2005: 3.8L V6/L36, 3.8L V6 Supercharged/L67'],
  Regal: [
    '1997-2004: 3.8L V6/L36, 3.8L V6 Supercharged/L67',
    '2011-2017: 2.4L L4/LAF, 2.0L L4 Turbo/LHU, 2.4L L4 Hybrid/LUK',
    '2018-2020: 2.0L L4 Turbo/LTG, 3.6L V6/LGX',
  ],
  LaCrosse: [
    '2005-2009: 3.8L V6/L26, 3.6L V6/LY7, 5.3L V8/LS4',
    '2010-2016: 2.4L L4/LAF, 3.6L V6/LFX, 2.4L L4 Hybrid/LUK',
    '2017-2019: 3.6L V6/LGX, 2.5L L4 Hybrid/LKN',
  ],
  Enclave: ['2008-2017: 3.6L V6/LLT', '2018-2024: 3.6L V6/LFY', '2025-2026: 2.5L L4 Turbo/LK0'],
  Encore: ['2013-2022: 1.4L L4 Turbo/LUJ'],
  'Encore GX': ['2020-2026: 1.2L L3 Turbo/LIH, 1.3L L3 Turbo/L3T'],
  Envision: ['2016-2020: 2.5L L4/LCV, 2.0L L4 Turbo/LTG', '2021-2025: 2.0L L4 Turbo/LSY'],
  Rendezvous: ['2002-2007: 3.4L V6/LA1, 3.6L V6/LY7'],
};

const cadillac: Models = {
  DeVille: ['1995-2005: 4.6L V8/Northstar LD8'],
  DTS: ['2006-2011: 4.6L V8/Northstar LD8'],
  Escalade: [
    '1999-2000: 5.7L V8/L31',
    '2002-2006: 5.3L V8/LM7, 6.0L V8/LQ9',
    '2007-2014: 6.2L V8/L92, 6.0L V8 Hybrid/LFA',
    '2015-2020: 6.2L V8/L86',
    '2021-2026: 6.2L V8/L87, 3.0L L6 Turbo Diesel/LM2',
  ],
  CTS: [
    '2003-2007: 2.8L V6/LP1, 3.6L V6/LY7',
    '2008-2014: 3.0L V6/LF1, 3.6L V6/LLT, 6.2L V8 Supercharged/LSA',
    '2015-2019: 2.0L L4 Turbo/LTG, 3.6L V6/LGX, 3.6L V6 Turbo/LF3, 6.2L V8 Supercharged/LT4',
  ],
  SRX: [
    '2004-2009: 3.6L V6/LY7, 4.6L V8/LH2',
    '2010-2011: 3.0L V6/LF1, 2.8L V6 Turbo/LP9',
    '2012-2016: 3.6L V6/LFX',
  ],
  ATS: ['2013-2019: 2.5L L4/LCV, 2.0L L4 Turbo/LTG, 3.6L V6/LGX, 3.6L V6 Turbo/LF4'],
  XT5: ['2017-2019: 3.6L V6/LGX', '2020-2025: 2.0L L4 Turbo/LSY, 3.6L V6/LGX'],
  XT4: ['2019-2025: 2.0L L4 Turbo/LSY'],
  CT5: ['2020-2026: 2.0L L4 Turbo/LSY, 3.0L V6 Turbo/LGY'],
  Lyriq: ['2023-2026: Electric Single Motor, Electric Dual Motor'],
};

const chrysler: Models = {
  '300': [
    '2005-2010: 2.7L V6/EER, 3.5L V6/EGG, 5.7L V8/EZB, 6.1L V8/ESF',
    '2011-2023: 3.6L V6/ERB, 5.7L V8/EZH, 6.4L V8/ESG',
  ],
  'Town & Country': [
    '1995-2007: 3.3L V6/EGA, 3.8L V6/EGH',
    '2008-2010: 3.8L V6/EGL, 4.0L V6/EGQ',
    '2011-2016: 3.6L V6/ERB',
  ],
  Pacifica: [
    '2004-2006: 3.5L V6/EGN',
    '2007-2008: 3.8L V6/EGL, 4.0L V6/EGQ',
    '2017-2026: 3.6L V6/ERB, 3.6L V6 Plug-in Hybrid/ERB',
  ],
  Sebring: [
    '1996-2000: 2.4L L4/EDZ, 2.5L V6/EEB',
    '2001-2006: 2.4L L4/EDZ, 2.7L V6/EER',
    '2007-2010: 2.4L L4/ED3, 2.7L V6/EER, 3.5L V6/EGJ',
  ],
  '200': ['2011-2014: 2.4L L4/ED3, 3.6L V6/ERB', '2015-2017: 2.4L L4/ED6, 3.6L V6/ERB'],
  'PT Cruiser': ['2001-2010: 2.4L L4/EDZ, 2.4L L4 Turbo/EDT'],
  Concorde: ['1998-2004: 2.7L V6/EER, 3.2L V6/EGW, 3.5L V6/EGJ'],
};

const lincoln: Models = {
  'Town Car': ['1995-2011: 4.6L V8/Modular'],
  Navigator: [
    '1998-2002: 5.4L V8/Triton',
    '2003-2006: 5.4L V8/InTech',
    '2007-2014: 5.4L V8/Triton 3V',
    '2015-2026: 3.5L V6 Turbo/EcoBoost',
  ],
  MKZ: [
    '2007-2012: 3.5L V6/Duratec 35, 2.5L L4 Hybrid/Duratec 25',
    '2013-2016: 2.0L L4 Turbo/EcoBoost, 3.7L V6/Cyclone, 2.0L L4 Hybrid',
    '2017-2020: 2.0L L4 Turbo/EcoBoost, 3.0L V6 Turbo/EcoBoost, 2.0L L4 Hybrid',
  ],
  MKX: [
    '2007-2010: 3.5L V6/Duratec 35',
    '2011-2015: 3.7L V6/Cyclone',
    '2016-2018: 2.7L V6 Turbo/EcoBoost',
  ],
  Nautilus: [
    '2019-2023: 2.0L L4 Turbo/EcoBoost, 2.7L V6 Turbo/EcoBoost',
    '2024-2026: 2.0L L4 Turbo/EcoBoost, 2.0L L4 Turbo Hybrid',
  ],
  Aviator: [
    '2003-2005: 4.6L V8/Modular',
    '2020-2026: 3.0L V6 Turbo/EcoBoost, 3.0L V6 Turbo Plug-in Hybrid',
  ],
  Corsair: ['2020-2026: 2.0L L4 Turbo/EcoBoost, 2.3L L4 Turbo/EcoBoost, 2.5L L4 Plug-in Hybrid'],
  Continental: [
    '1995-2002: 4.6L V8/Modular DOHC',
    '2017-2020: 3.7L V6/Cyclone, 2.7L V6 Turbo/EcoBoost, 3.0L V6 Turbo/EcoBoost',
  ],
  LS: ['2000-2006: 3.0L V6/AJ30, 3.9L V8/AJ35'],
};

const tesla: Models = {
  'Model S': [
    '2012-2014: Electric Single Motor',
    '2015-2020: Electric Single Motor, Electric Dual Motor',
    '2021-2026: Electric Dual Motor, Electric Tri Motor',
  ],
  'Model X': [
    '2016-2020: Electric Dual Motor',
    '2021-2026: Electric Dual Motor, Electric Tri Motor',
  ],
  'Model 3': ['2017-2026: Electric Single Motor, Electric Dual Motor'],
  'Model Y': ['2020-2026: Electric Single Motor, Electric Dual Motor'],
  Cybertruck: ['2024-2026: Electric Dual Motor, Electric Tri Motor'],
};

const porsche: Models = {
  '911': [
    '1995-1998: 3.6L H6/M64',
    '1999-2001: 3.4L H6/M96.01',
    '2002-2004: 3.6L H6/M96.03, 3.6L H6 Turbo/M96.70',
    '2005-2011: 3.6L H6/M97.01, 3.8L H6/M97.01S, 3.6L H6 Turbo/M97.70',
    '2012-2016: 3.4L H6/MA1.03, 3.8L H6/MA1.02, 3.8L H6 Turbo/MA1.71',
    '2017-2019: 3.0L H6 Turbo/MA1.75, 3.8L H6 Turbo/MA1.71',
    '2020-2026: 3.0L H6 Turbo, 3.7L H6 Turbo',
  ],
  Boxster: [
    '1997-1999: 2.5L H6/M96.20',
    '2000-2004: 2.7L H6/M96.22, 3.2L H6/M96.21',
    '2005-2008: 2.7L H6/M97.20, 3.4L H6/M97.21',
    '2009-2012: 2.9L H6/MA1.20, 3.4L H6/MA1.21',
    '2013-2016: 2.7L H6/MA1.22, 3.4L H6/MA1.23',
    '2017-2026: 2.0L H4 Turbo/MA2.20, 2.5L H4 Turbo/MA2.22, 4.0L H6/MA2.40',
  ],
  Cayenne: [
    '2003-2006: 3.2L VR6/M02.2Y, 4.5L V8/M48.00, 4.5L V8 Turbo/M48.50',
    '2008-2010: 3.6L VR6/M02.2Y, 4.8L V8/M48.01, 4.8L V8 Turbo/M48.51',
    '2011-2014: 3.6L VR6, 4.8L V8/M48.02, 4.8L V8 Turbo/M48.52, 3.0L V6 Supercharged Hybrid',
    '2015-2018: 3.6L V6, 3.6L V6 Turbo, 4.8L V8 Turbo, 3.0L V6 Supercharged Plug-in Hybrid',
    '2019-2026: 3.0L V6 Turbo, 2.9L V6 Turbo, 4.0L V8 Turbo, 3.0L V6 Turbo Plug-in Hybrid',
  ],
  Macan: [
    '2015-2018: 2.0L L4 Turbo, 3.0L V6 Turbo, 3.6L V6 Turbo',
    '2019-2023: 2.0L L4 Turbo, 2.9L V6 Turbo',
    '2024-2026: 2.0L L4 Turbo, 2.9L V6 Turbo, Electric Dual Motor',
  ],
  Panamera: [
    '2010-2016: 3.6L V6, 4.8L V8, 4.8L V8 Turbo, 3.0L V6 Supercharged Hybrid',
    '2017-2026: 2.9L V6 Turbo, 4.0L V8 Turbo, 2.9L V6 Turbo Plug-in Hybrid',
  ],
  Taycan: ['2020-2026: Electric Single Motor, Electric Dual Motor'],
};

const mini: Models = {
  Cooper: [
    '2002-2006: 1.6L L4/W10B16, 1.6L L4 Supercharged/W11B16',
    '2007-2013: 1.6L L4/N12B16, 1.6L L4 Turbo/N14B16',
    '2014-2019: 1.5L L3 Turbo/B38A15, 2.0L L4 Turbo/B46A20',
    '2020-2024: 1.5L L3 Turbo/B38A15, 2.0L L4 Turbo/B46A20, Electric',
    '2025-2026: 2.0L L4 Turbo/B48A20, Electric',
  ],
  Countryman: [
    '2011-2016: 1.6L L4/N16B16, 1.6L L4 Turbo/N18B16',
    '2017-2024: 1.5L L3 Turbo/B38A15, 2.0L L4 Turbo/B46A20, 1.5L L3 Turbo Plug-in Hybrid/B38A15',
    '2025-2026: 2.0L L4 Turbo/B48A20',
  ],
  Clubman: [
    '2008-2014: 1.6L L4/N12B16, 1.6L L4 Turbo/N14B16',
    '2016-2024: 1.5L L3 Turbo/B38A15, 2.0L L4 Turbo/B46A20',
  ],
  Paceman: ['2013-2016: 1.6L L4/N16B16, 1.6L L4 Turbo/N18B16'],
};

const landRover: Models = {
  'Range Rover': [
    '1995-2002: 4.0L V8/Rover V8, 4.6L V8/Rover V8',
    '2003-2005: 4.4L V8/M62B44',
    '2006-2009: 4.4L V8/AJ-V8, 4.2L V8 Supercharged/AJ-V8',
    '2010-2012: 5.0L V8/AJ133, 5.0L V8 Supercharged/AJ133',
    '2013-2021: 3.0L V6 Supercharged/AJ126, 5.0L V8 Supercharged/AJ133, 3.0L V6 Turbo Diesel/TDV6',
    '2022-2026: 3.0L L6 Turbo Hybrid/Ingenium, 4.4L V8 Turbo/N63, 3.0L L6 Turbo Plug-in Hybrid/Ingenium',
  ],
  'Range Rover Sport': [
    '2006-2009: 4.4L V8/AJ-V8, 4.2L V8 Supercharged/AJ-V8',
    '2010-2013: 5.0L V8/AJ133, 5.0L V8 Supercharged/AJ133',
    '2014-2022: 3.0L V6 Supercharged/AJ126, 5.0L V8 Supercharged/AJ133, 3.0L V6 Turbo Diesel/TDV6',
    '2023-2026: 3.0L L6 Turbo Hybrid/Ingenium, 4.4L V8 Turbo/N63, 3.0L L6 Turbo Plug-in Hybrid/Ingenium',
  ],
  'Range Rover Evoque': ['2012-2026: 2.0L L4 Turbo'],
  'Range Rover Velar': [
    '2018-2020: 2.0L L4 Turbo, 3.0L V6 Supercharged/AJ126',
    '2021-2026: 2.0L L4 Turbo, 3.0L L6 Turbo Hybrid/Ingenium',
  ],
  Discovery: [
    '1995-1998: 4.0L V8/Rover V8',
    '1999-2004: 4.0L V8/Rover V8, 4.6L V8/Rover V8',
    '2017-2020: 3.0L V6 Supercharged/AJ126, 3.0L V6 Turbo Diesel/TDV6',
    '2021-2026: 2.0L L4 Turbo/Ingenium, 3.0L L6 Turbo Hybrid/Ingenium',
  ],
  LR3: ['2005-2009: 4.4L V8/AJ-V8, 4.0L V6/Cologne'],
  LR4: ['2010-2013: 5.0L V8/AJ133', '2014-2016: 3.0L V6 Supercharged/AJ126'],
  'Discovery Sport': ['2015-2026: 2.0L L4 Turbo'],
  Defender: [
    '1995-1997: 3.9L V8/Rover V8, 4.0L V8/Rover V8',
    '2020-2026: 2.0L L4 Turbo/Ingenium, 3.0L L6 Turbo Hybrid/Ingenium, 5.0L V8 Supercharged/AJ133',
  ],
  LR2: ['2008-2012: 3.2L L6/SI6', '2013-2015: 2.0L L4 Turbo/Si4'],
};

const gmc: Models = {
  'Sierra 1500': [
    '1999-2006: 4.3L V6/LU3, 4.8L V8/LR4, 5.3L V8/LM7, 6.0L V8/LQ9',
    '2007-2013: 4.3L V6/LU3, 4.8L V8/LY2, 5.3L V8/LMG, 6.2L V8/L9H',
    '2014-2018: 4.3L V6/LV3, 5.3L V8/L83, 6.2L V8/L86',
    '2019-2026: 2.7L L4 Turbo/L3B, 5.3L V8/L84, 6.2L V8/L87, 3.0L L6 Turbo Diesel/LM2',
  ],
  Yukon: [
    '1995-1999: 5.7L V8/L31, 6.5L V8 Turbo Diesel/L56',
    '2000-2006: 4.8L V8/LR4, 5.3L V8/LM7, 6.0L V8/LQ9',
    '2007-2014: 5.3L V8/LMG, 6.2L V8/L92',
    '2015-2020: 5.3L V8/L83, 6.2L V8/L86',
    '2021-2026: 5.3L V8/L84, 6.2L V8/L87, 3.0L L6 Turbo Diesel/LM2',
  ],
  Acadia: [
    '2007-2016: 3.6L V6/LLT',
    '2017-2019: 2.5L L4/LCV, 3.6L V6/LGX',
    '2020-2023: 2.0L L4 Turbo/LSY, 2.5L L4/LCV, 3.6L V6/LGX',
    '2024-2026: 2.5L L4 Turbo/LK0',
  ],
  Terrain: [
    '2010-2012: 2.4L L4/LAF, 3.0L V6/LF1',
    '2013-2017: 2.4L L4/LEA, 3.6L V6/LFX',
    '2018-2020: 1.5L L4 Turbo/LYX, 2.0L L4 Turbo/LTG, 1.6L L4 Turbo Diesel/LH7',
    '2021-2026: 1.5L L4 Turbo/LYX',
  ],
  Canyon: [
    '2004-2006: 2.8L L4/LK5, 3.5L L5/LL8',
    '2007-2012: 2.9L L4/LLV, 3.7L L5/LLR, 5.3L V8/LH8',
    '2015-2022: 2.5L L4/LCV, 3.6L V6/LGZ, 2.8L L4 Turbo Diesel/LWN',
    '2023-2026: 2.7L L4 Turbo/L2R',
  ],
  Envoy: ['2002-2009: 4.2L L6/LL8, 5.3L V8/LH6'],
  Sonoma: ['1995-2004: 2.2L L4/LN2, 4.3L V6/L35'],
  'Hummer EV': ['2022-2026: Electric Tri Motor'],
};

/** The makes in the order the selector lists them (alphabetical there; here as written). */
export const demoMakes: Record<string, Models> = {
  Toyota: toyota,
  Honda: honda,
  Ford: ford,
  Chevrolet: chevrolet,
  Nissan: nissan,
  Hyundai: hyundai,
  Kia: kia,
  Subaru: subaru,
  Mazda: mazda,
  Volkswagen: volkswagen,
  BMW: bmw,
  'Mercedes-Benz': mercedes,
  Audi: audi,
  Jeep: jeep,
  Ram: ram,
  GMC: gmc,
  Dodge: dodge,
  Lexus: lexus,
  Acura: acura,
  Infiniti: infiniti,
  Volvo: volvo,
  Mitsubishi: mitsubishi,
  Buick: buick,
  Cadillac: cadillac,
  Chrysler: chrysler,
  Lincoln: lincoln,
  Tesla: tesla,
  Porsche: porsche,
  Mini: mini,
  'Land Rover': landRover,
};

export interface DemoVehicle {
  year: number;
  make: string;
  model: string;
  engine: string;
  engineCode: string;
  fuel: Fuel;
}

/** One model's run of years with the engines offered over all of it. */
export interface DemoPeriod {
  make: string;
  model: string;
  from: number;
  to: number;
  engines: { engine: string; engineCode: string; fuel: Fuel }[];
}

function fuelOf(engine: string): Fuel {
  if (engine.includes('Electric')) return 'electric';
  if (engine.includes('Hybrid')) return 'hybrid';
  if (engine.includes('Diesel')) return 'diesel';
  return 'gas';
}

const PERIOD = /^(\d{4})(?:-(\d{4}))?: (.+)$/;

/** The tables as periods: "2014-2019: 1.8L L4/2ZR-FE" → years 2014 to 2019, one engine. */
export function demoPeriods(): DemoPeriod[] {
  const periods: DemoPeriod[] = [];
  for (const [make, models] of Object.entries(demoMakes)) {
    for (const [model, lines] of Object.entries(models)) {
      for (const line of lines) {
        const match = PERIOD.exec(line);
        if (!match) throw new Error(`${make} ${model}: cannot read "${line}"`);
        const [, from, to, list] = match as unknown as [string, string, string | undefined, string];
        const engines = list.split(', ').map((entry) => {
          const [engine = '', engineCode = ''] = entry.split('/');
          const fuel = fuelOf(engine);
          if (!FUELS.includes(fuel)) throw new Error(`unknown fuel ${fuel}`);
          return { engine, engineCode, fuel };
        });
        periods.push({ make, model, from: Number(from), to: Number(to ?? from), engines });
      }
    }
  }
  return periods;
}

/** Every vehicle of the list: one per model year, model and engine. */
export function demoVehicles(): DemoVehicle[] {
  return demoPeriods().flatMap(({ make, model, from, to, engines }) => {
    const rows: DemoVehicle[] = [];
    for (let year = Math.max(from, FIRST_DEMO_YEAR); year <= Math.min(to, LAST_DEMO_YEAR); year++)
      for (const engine of engines) rows.push({ year, make, model, ...engine });
    return rows;
  });
}
